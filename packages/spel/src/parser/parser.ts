import { CstParser, type CstNode, type IRecognitionException, type IToken } from 'chevrotain';
import * as t from '../lexer/tokens';
import type { SyntaxProblem } from '../errors';

/**
 * The SpEL grammar with no embedded actions: the CST it builds is turned into our AST by `ast/to-ast.ts`.
 * Precedence follows Spring's SpEL: assignment/elvis/ternary < or < and < relational < additive <
 * multiplicative < power < unary < navigation (binary levels are resolved in the AST builder).
 */
class SpelGrammar extends CstParser {
  constructor() {
    super(t.allTokens, { recoveryEnabled: true, nodeLocationTracking: 'onlyOffset', maxLookahead: 3 });
    this.performSelfAnalysis();
  }

  expression = this.RULE('expression', () => {
    this.SUBRULE(this.binary);
    this.OPTION(() => {
      this.OR([
        { ALT: () => { this.CONSUME(t.Assign); this.SUBRULE2(this.binary, { LABEL: 'assigned' }); } },
        { ALT: () => { this.CONSUME(t.Elvis); this.SUBRULE(this.expression, { LABEL: 'fallback' }); } },
        {
          ALT: () => {
            this.CONSUME(t.Question);
            this.SUBRULE2(this.expression, { LABEL: 'whenTrue' });
            this.CONSUME(t.Colon);
            this.SUBRULE3(this.expression, { LABEL: 'whenFalse' });
          },
        },
      ]);
    });
  });

  /**
   * All binary operators in one flat loop; precedence (or < and < relational < additive < multiplicative <
   * power) is applied when building the AST. A precedence ladder of rules would cost ten rule calls per operand.
   */
  binary = this.RULE('binary', () => {
    this.SUBRULE(this.unary, { LABEL: 'operands' });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(t.OrOp, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(t.AndOp, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(t.RelationalOp, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(t.InstanceOf, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(t.Matches, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(t.Between, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(t.AdditiveOp, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(t.MultiplicativeOp, { LABEL: 'operators' }) },
        { ALT: () => this.CONSUME(t.Caret, { LABEL: 'operators' }) },
      ]);
      this.SUBRULE2(this.unary, { LABEL: 'operands' });
    });
  });

  unary = this.RULE('unary', () => {
    this.OR([
      {
        ALT: () => {
          this.OR2([
            { ALT: () => this.CONSUME(t.Plus, { LABEL: 'prefix' }) },
            { ALT: () => this.CONSUME(t.Minus, { LABEL: 'prefix' }) },
            { ALT: () => this.CONSUME(t.NotOp, { LABEL: 'prefix' }) },
            { ALT: () => this.CONSUME(t.PlusPlus, { LABEL: 'prefix' }) },
            { ALT: () => this.CONSUME(t.MinusMinus, { LABEL: 'prefix' }) },
          ]);
          this.SUBRULE(this.unary, { LABEL: 'operand' });
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.primary);
          this.OPTION(() => {
            this.OR3([
              { ALT: () => this.CONSUME2(t.PlusPlus, { LABEL: 'postfix' }) },
              { ALT: () => this.CONSUME2(t.MinusMinus, { LABEL: 'postfix' }) },
            ]);
          });
        },
      },
    ]);
  });

  primary = this.RULE('primary', () => {
    this.SUBRULE(this.startNode);
    this.MANY(() => this.SUBRULE(this.navigation));
  });

  navigation = this.RULE('navigation', () => {
    this.OR([
      {
        ALT: () => {
          this.OR2([
            { ALT: () => this.CONSUME(t.Dot, { LABEL: 'dot' }) },
            { ALT: () => this.CONSUME(t.SafeNav, { LABEL: 'dot' }) },
          ]);
          this.OR3([
            { ALT: () => this.SUBRULE(this.nameOrCall) },
            { ALT: () => this.SUBRULE(this.variableOrFunction) },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(t.LBracket, { LABEL: 'open' });
          this.SUBRULE(this.expression, { LABEL: 'index' });
          this.CONSUME(t.RBracket);
        },
      },
      {
        ALT: () => {
          this.OR4([
            { ALT: () => this.CONSUME(t.SelectAll, { LABEL: 'open' }) },
            { ALT: () => this.CONSUME(t.SelectFirst, { LABEL: 'open' }) },
            { ALT: () => this.CONSUME(t.SelectLast, { LABEL: 'open' }) },
            { ALT: () => this.CONSUME(t.Project, { LABEL: 'open' }) },
            { ALT: () => this.CONSUME(t.SafeSelectAll, { LABEL: 'open' }) },
            { ALT: () => this.CONSUME(t.SafeSelectFirst, { LABEL: 'open' }) },
            { ALT: () => this.CONSUME(t.SafeSelectLast, { LABEL: 'open' }) },
            { ALT: () => this.CONSUME(t.SafeProject, { LABEL: 'open' }) },
          ]);
          this.SUBRULE2(this.expression, { LABEL: 'inner' });
          this.CONSUME2(t.RBracket);
        },
      },
    ]);
  });

  nameOrCall = this.RULE('nameOrCall', () => {
    this.CONSUME(t.AnyName, { LABEL: 'name' });
    this.OPTION(() => this.SUBRULE(this.argumentList));
  });

  variableOrFunction = this.RULE('variableOrFunction', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.VariableRef, { LABEL: 'name' }) },
      { ALT: () => this.CONSUME(t.Hash, { LABEL: 'name' }) },
    ]);
    this.OPTION(() => this.SUBRULE(this.argumentList));
  });

  argumentList = this.RULE('argumentList', () => {
    this.CONSUME(t.LParen);
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'args' }) });
    this.CONSUME(t.RParen);
  });

  startNode = this.RULE('startNode', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.LParen, { LABEL: 'paren' });
          this.SUBRULE(this.expression, { LABEL: 'inner' });
          this.CONSUME(t.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.literal) },
      { ALT: () => this.SUBRULE(this.typeReference) },
      { ALT: () => this.SUBRULE(this.constructorCall) },
      { ALT: () => this.SUBRULE(this.variableOrFunction) },
      { ALT: () => this.CONSUME(t.BeanRef, { LABEL: 'bean' }) },
      { ALT: () => this.SUBRULE(this.nameOrCall) },
      { ALT: () => this.SUBRULE(this.inlineCollection) },
      {
        ALT: () => {
          this.CONSUME(t.LBracket, { LABEL: 'rootIndex' });
          this.SUBRULE2(this.expression, { LABEL: 'index' });
          this.CONSUME(t.RBracket);
        },
      },
    ]);
  });

  literal = this.RULE('literal', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.IntLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(t.HexLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(t.RealLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(t.StringLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(t.True, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(t.False, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(t.Null, { LABEL: 'token' }) },
    ]);
  });

  qualifiedName = this.RULE('qualifiedName', () => {
    this.CONSUME(t.AnyName, { LABEL: 'parts' });
    this.MANY(() => {
      this.CONSUME(t.Dot);
      this.CONSUME2(t.AnyName, { LABEL: 'parts' });
    });
  });

  typeReference = this.RULE('typeReference', () => {
    this.CONSUME(t.TypeRefStart);
    this.CONSUME(t.LParen);
    this.SUBRULE(this.qualifiedName);
    this.MANY(() => {
      this.CONSUME(t.LBracket, { LABEL: 'dimensions' });
      this.CONSUME(t.RBracket);
    });
    this.CONSUME(t.RParen);
  });

  constructorCall = this.RULE('constructorCall', () => {
    this.CONSUME(t.New);
    this.SUBRULE(this.qualifiedName);
    this.OR([
      { ALT: () => this.SUBRULE(this.argumentList) },
      {
        ALT: () => {
          this.AT_LEAST_ONE(() => {
            this.CONSUME(t.LBracket, { LABEL: 'dimensions' });
            this.OPTION(() => this.SUBRULE(this.expression, { LABEL: 'sizes' }));
            this.CONSUME(t.RBracket);
          });
          this.OPTION2(() => this.SUBRULE(this.inlineCollection, { LABEL: 'initializer' }));
        },
      },
    ]);
  });

  inlineCollection = this.RULE('inlineCollection', () => {
    this.CONSUME(t.LBrace);
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(t.Colon, { LABEL: 'emptyMap' }) },
        {
          ALT: () => {
            this.SUBRULE(this.collectionEntry, { LABEL: 'entries' });
            this.MANY(() => {
              this.CONSUME(t.Comma);
              this.SUBRULE2(this.collectionEntry, { LABEL: 'entries' });
            });
          },
        },
      ]);
    });
    this.CONSUME(t.RBrace);
  });

  collectionEntry = this.RULE('collectionEntry', () => {
    this.SUBRULE(this.expression, { LABEL: 'first' });
    this.OPTION(() => {
      this.CONSUME(t.Colon);
      this.SUBRULE2(this.expression, { LABEL: 'second' });
    });
  });
}

// One parser per process, reset per input (building it runs the grammar analysis).
const grammar = new SpelGrammar();

/** Parses tokens to a CST, with recovery on, so half-typed text still yields a (partial) tree. */
export function parseTokens(tokens: IToken[], textLength: number): { cst: CstNode; problems: SyntaxProblem[] } {
  grammar.input = tokens;
  const cst = grammar.expression();
  const problems = grammar.errors.map((error) => toProblem(error, textLength));
  if (grammar.errors.length === 0 && tokens.length > 0) {
    // The grammar stops at the first token it cannot continue with; anything left over is an error.
    const consumedUpTo = cst.location?.endOffset ?? -1;
    const leftover = tokens.find((token) => token.startOffset > consumedUpTo);
    if (leftover) {
      problems.push({
        code: 'SyntaxError',
        message: `Unexpected token '${leftover.image}' at position ${leftover.startOffset}`,
        range: { start: leftover.startOffset, end: leftover.startOffset + leftover.image.length },
      });
    }
  }
  return { cst, problems };
}

function toProblem(error: IRecognitionException, textLength: number): SyntaxProblem {
  const token = error.token;
  const atEnd = token.tokenType.name === 'EOF' || Number.isNaN(token.startOffset);
  const start = atEnd ? textLength : token.startOffset;
  const end = atEnd ? textLength : token.startOffset + token.image.length;
  const what = atEnd ? 'end of expression' : `'${token.image}'`;
  return { code: 'SyntaxError', message: `Unexpected ${what} at position ${start}`, range: { start, end } };
}

/** The grammar's productions, for generating CST types (scripts/generate-cst-types.mjs). */
export function grammarProductions(): ReturnType<SpelGrammar['getGAstProductions']> {
  return grammar.getGAstProductions();
}
