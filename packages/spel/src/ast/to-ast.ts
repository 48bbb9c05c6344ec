import type { CstElement, CstNode, IToken } from 'chevrotain';
import type {
  ArgumentListCstNode, BinaryCstNode, ExpressionCstNode, InlineCollectionCstNode, LiteralCstNode, NameOrCallCstNode,
  NavigationCstNode, PrimaryCstNode, QualifiedNameCstNode, StartNodeCstNode, UnaryCstNode, VariableOrFunctionCstNode,
} from '../parser/cst.generated';
import type { AstNode, BinaryOperator, InlineMapEntry, LiteralNode, SourceRange, UnaryOperator } from './nodes';
import type { SyntaxProblem } from '../errors';


/**
 * Turns the grammar's CST into our AST. Rules left incomplete by error recovery become `missing` nodes,
 * so a half-typed expression still has a tree.
 */
export function toAst(cst: CstNode, problems: SyntaxProblem[]): AstNode {
  // The root is always the `expression` rule (see parseTokens).
  return new AstBuilder(problems).expression(cst as ExpressionCstNode);
}

/** The CST node types a children list holds (recovery may leave any list missing, so all are optional here). */
type NodeIn<L> = L extends ReadonlyArray<infer E> ? Extract<E, CstNode> : never;
type AnyChildren = object;

function isToken(element: CstElement | undefined): element is IToken {
  return element !== undefined && 'image' in element;
}

function nodeRange(cst: CstNode): SourceRange {
  const location = cst.location;
  if (!location || Number.isNaN(location.startOffset)) return { start: 0, end: 0 };
  const end = location.endOffset;
  return { start: location.startOffset, end: end === undefined || Number.isNaN(end) ? location.startOffset : end + 1 };
}

function tokenRange(token: IToken): SourceRange {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

function cover(a: SourceRange, b: SourceRange): SourceRange {
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}

/** Binding strength of each binary operator (higher binds tighter). */
const PRECEDENCE: Record<BinaryOperator, number> = {
  '||': 1, '&&': 2,
  '==': 3, '!=': 3, '<': 3, '>': 3, '<=': 3, '>=': 3, instanceof: 3, matches: 3, between: 3,
  '+': 4, '-': 4,
  '*': 5, '/': 5, '%': 5,
  '^': 6,
};

function binaryOperatorOf(image: string): BinaryOperator {
  const lower = image.toLowerCase();
  if (lower === '||' || lower === 'or') return '||';
  if (lower === '&&' || lower === 'and') return '&&';
  if (lower === '+' || lower === '-' || lower === '^') return lower;
  return RELATIONAL[lower] ?? MULTIPLICATIVE[lower] ?? '==';
}

const RELATIONAL: Record<string, BinaryOperator> = {
  '==': '==', '!=': '!=', '<': '<', '>': '>', '<=': '<=', '>=': '>=',
  eq: '==', ne: '!=', lt: '<', gt: '>', le: '<=', ge: '>=',
  instanceof: 'instanceof', matches: 'matches', between: 'between',
};
const MULTIPLICATIVE: Record<string, BinaryOperator> = { '*': '*', '/': '/', '%': '%', div: '/', mod: '%' };

class AstBuilder {
  constructor(private readonly problems: SyntaxProblem[]) {}

  private missing(at: SourceRange): AstNode {
    return { kind: 'missing', range: at };
  }

  private list<C extends AnyChildren>(children: C, key: keyof C & string): CstElement[] {
    return ((children as Record<string, CstElement[] | undefined>)[key] ?? []);
  }

  private child<C extends AnyChildren, K extends keyof C & string>(children: C, key: K, index = 0): NodeIn<C[K]> | undefined {
    const element = this.list(children, key)[index];
    return (element && !isToken(element) ? element : undefined) as NodeIn<C[K]> | undefined;
  }

  private token<C extends AnyChildren>(children: C, key: keyof C & string, index = 0): IToken | undefined {
    const element = this.list(children, key)[index];
    return isToken(element) && !element.isInsertedInRecovery ? element : undefined;
  }

  private nodes<C extends AnyChildren, K extends keyof C & string>(children: C, key: K): NodeIn<C[K]>[] {
    return this.list(children, key).filter((element) => !isToken(element)) as NodeIn<C[K]>[];
  }

  private tokens<C extends AnyChildren>(children: C, key: keyof C & string): IToken[] {
    return this.list(children, key).filter(isToken);
  }

  private has<C extends AnyChildren>(children: C, key: keyof C & string): boolean {
    return this.list(children, key).length > 0;
  }

  private sub<N extends CstNode>(node: N | undefined, build: (cst: N) => AstNode, fallback: SourceRange): AstNode {
    return node ? build.call(this, node) : this.missing(fallback);
  }

  expression(cst: ExpressionCstNode): AstNode {
    const c = cst.children;
    const range = nodeRange(cst);
    const head = this.sub(this.child(c, 'binary'), this.binary, range);
    if (this.has(c, 'Assign')) {
      return { kind: 'assign', target: head, value: this.sub(this.child(c, 'assigned'), this.binary, range), range };
    }
    if (this.has(c, 'Elvis')) {
      return { kind: 'elvis', value: head, fallback: this.sub(this.child(c, 'fallback'), this.expression, { start: range.end, end: range.end }), range };
    }
    if (this.has(c, 'Question')) {
      const end = { start: range.end, end: range.end };
      return {
        kind: 'ternary',
        condition: head,
        whenTrue: this.sub(this.child(c, 'whenTrue'), this.expression, end),
        whenFalse: this.sub(this.child(c, 'whenFalse'), this.expression, end),
        range,
      };
    }
    return head;
  }

  /**
   * Builds binary nodes from the flat operand/operator lists by precedence climbing: or < and < relational <
   * additive < multiplicative < power; power is right-associative, the others left-associative.
   */
  binary(cst: BinaryCstNode): AstNode {
    const c = cst.children;
    const range = nodeRange(cst);
    const operandCsts = this.list(c, 'operands');
    const operators = this.tokens(c, 'operators');
    if (operators.length === 0 && operandCsts.length === 1 && !isToken(operandCsts[0])) return this.unary(operandCsts[0] as UnaryCstNode);
    const operands: AstNode[] = [];
    for (let i = 0; i <= operators.length; i++) {
      const operand = operandCsts[i];
      if (operand && !isToken(operand)) {
        operands.push(this.unary(operand as UnaryCstNode));
      } else {
        const previous = operators[i - 1];
        const at = previous ? tokenRange(previous).end : range.end;
        operands.push(this.missing({ start: at, end: at }));
      }
    }
    let position = 0;
    const climb = (minimumPrecedence: number): AstNode => {
      let left = operands[position]!;
      while (position < operators.length) {
        const token = operators[position]!;
        const operator = binaryOperatorOf(token.image);
        const precedence = PRECEDENCE[operator];
        if (precedence < minimumPrecedence) break;
        position += 1;
        const right = climb(operator === '^' ? precedence : precedence + 1);
        const operatorRange = tokenRange(token);
        left = { kind: 'binary', operator, operatorRange, left, right, range: cover(cover(left.range, operatorRange), right.range) };
      }
      return left;
    };
    return climb(0);
  }

  unary(cst: UnaryCstNode): AstNode {
    const c = cst.children;
    const range = nodeRange(cst);
    const prefix = this.token(c, 'prefix');
    if (prefix) {
      const image = prefix.image.toLowerCase() === 'not' ? '!' : (prefix.image as UnaryOperator);
      const operand = this.sub(this.child(c, 'operand'), this.unary, { start: range.end, end: range.end });
      // Fold `-5` into a literal so that `-2147483648` is an Integer, as Java source would have it.
      if (image === '-' && operand.kind === 'literal' && typeof operand.value !== 'string' && typeof operand.value !== 'boolean' && operand.value !== null) {
        const negated = negateLiteral(operand);
        if (negated) return { ...negated, range };
      }
      return { kind: 'unary', operator: image, operand, postfix: false, range };
    }
    const primary = this.sub(this.child(c, 'primary'), this.primary, range);
    const postfix = this.token(c, 'postfix');
    if (postfix) return { kind: 'unary', operator: postfix.image as UnaryOperator, operand: primary, postfix: true, range };
    return primary;
  }

  primary(cst: PrimaryCstNode): AstNode {
    const c = cst.children;
    const range = nodeRange(cst);
    let node = this.sub(this.child(c, 'startNode'), this.startNode, range);
    for (const navigation of this.nodes(c, 'navigation')) node = this.navigation(navigation, node);
    return node;
  }

  private navigation(cst: NavigationCstNode, target: AstNode): AstNode {
    const c = cst.children;
    const range = cover(target.range, nodeRange(cst));
    const dot = this.token(c, 'dot');
    if (dot) {
      const safe = dot.image === '?.';
      const nameOrCall = this.child(c, 'nameOrCall');
      if (nameOrCall) return this.nameOrCall(nameOrCall, target, safe, range);
      const variable = this.child(c, 'variableOrFunction');
      if (variable) {
        // `a.#b` is not valid SpEL navigation; keep the variable so typing reports something useful.
        this.problems.push({ code: 'SyntaxError', message: 'A variable cannot follow a dot', range: nodeRange(variable) });
        return this.variableOrFunction(variable);
      }
      const end = dot.startOffset + dot.image.length;
      return { kind: 'property', target, name: '', nameRange: { start: end, end }, safe, range };
    }
    const open = this.tokens(c, 'open')[0]?.image ?? '[';
    if (open === '[') {
      return { kind: 'indexer', target, index: this.sub(this.child(c, 'index'), this.expression, { start: range.end, end: range.end }), safe: false, range };
    }
    const safe = open.startsWith('?.');
    const inner = this.sub(this.child(c, 'inner'), this.expression, { start: range.end, end: range.end });
    const marker = open.slice(safe ? 2 : 1, -1);
    if (marker === '!') return { kind: 'projection', target, expression: inner, safe, range };
    const mode = marker === '^' ? 'first' : marker === '$' ? 'last' : 'all';
    return { kind: 'selection', target, mode, condition: inner, safe, range };
  }

  private nameOrCall(cst: NameOrCallCstNode, target: AstNode | null, safe: boolean, outerRange?: SourceRange): AstNode {
    const c = cst.children;
    const nameToken = this.token(c, 'name');
    const range = outerRange ?? nodeRange(cst);
    const name = nameToken?.image ?? '';
    const nameRange = nameToken ? tokenRange(nameToken) : { start: range.end, end: range.end };
    const argumentList = this.child(c, 'argumentList');
    if (argumentList) {
      return { kind: 'methodCall', target, name, nameRange, args: this.argumentList(argumentList), safe, range };
    }
    return { kind: 'property', target, name, nameRange, safe, range };
  }

  private argumentList(cst: ArgumentListCstNode): AstNode[] {
    return this.nodes(cst.children, 'args').map((arg) => this.expression(arg));
  }

  private variableOrFunction(cst: VariableOrFunctionCstNode): AstNode {
    const c = cst.children;
    const range = nodeRange(cst);
    const token = this.token(c, 'name');
    const name = token ? token.image.slice(1) : '';
    const argumentList = this.child(c, 'argumentList');
    if (argumentList) return { kind: 'functionCall', name, args: this.argumentList(argumentList), range };
    return { kind: 'variable', name, range };
  }

  startNode(cst: StartNodeCstNode): AstNode {
    const c = cst.children;
    const range = nodeRange(cst);
    if (this.has(c, 'paren')) return this.sub(this.child(c, 'inner'), this.expression, range);
    const literal = this.child(c, 'literal');
    if (literal) return this.literal(literal);
    const typeReference = this.child(c, 'typeReference');
    if (typeReference) {
      const tc = typeReference.children;
      return {
        kind: 'typeReference',
        typeName: this.qualifiedName(this.child(tc, 'qualifiedName')),
        dimensions: this.tokens(tc, 'dimensions').length,
        range,
      };
    }
    const constructorCall = this.child(c, 'constructorCall');
    if (constructorCall) {
      const cc = constructorCall.children;
      const typeName = this.qualifiedName(this.child(cc, 'qualifiedName'));
      const argumentList = this.child(cc, 'argumentList');
      const isArray = this.tokens(cc, 'dimensions').length > 0;
      const args = argumentList ? this.argumentList(argumentList) : this.nodes(cc, 'sizes').map((size) => this.expression(size));
      return { kind: 'constructor', typeName, args, isArray, range };
    }
    const variable = this.child(c, 'variableOrFunction');
    if (variable) return this.variableOrFunction(variable);
    const bean = this.token(c, 'bean');
    if (bean) return { kind: 'beanReference', name: bean.image.replace(/^&?@/, ''), range };
    const nameOrCall = this.child(c, 'nameOrCall');
    if (nameOrCall) return this.nameOrCall(nameOrCall, null, false);
    const inline = this.child(c, 'inlineCollection');
    if (inline) return this.inlineCollection(inline);
    if (this.has(c, 'rootIndex')) {
      return { kind: 'indexer', target: null, index: this.sub(this.child(c, 'index'), this.expression, range), safe: false, range };
    }
    return this.missing(range);
  }

  private qualifiedName(cst: QualifiedNameCstNode | undefined): string {
    if (!cst) return '';
    return this.tokens(cst.children, 'parts').map((part) => part.image).join('.');
  }

  private literal(cst: LiteralCstNode): AstNode {
    const token = this.token(cst.children, 'token');
    const range = nodeRange(cst);
    if (!token) return this.missing(range);
    const literal = parseLiteral(token.image, token.tokenType.name, range);
    if (typeof literal === 'string') {
      this.problems.push({ code: 'SyntaxError', message: literal, range });
      return { kind: 'literal', literalKind: 'Integer', value: 0, range };
    }
    return literal;
  }

  private inlineCollection(cst: InlineCollectionCstNode): AstNode {
    const c = cst.children;
    const range = nodeRange(cst);
    if (this.has(c, 'emptyMap')) return { kind: 'inlineMap', entries: [], range };
    const entries = this.nodes(c, 'entries').map((entry) => {
      const ec = entry.children;
      const first = this.sub(this.child(ec, 'first'), this.expression, nodeRange(entry));
      const secondCst = this.child(ec, 'second');
      const second = secondCst ? this.expression(secondCst) : this.has(ec, 'Colon') ? this.missing({ start: first.range.end, end: first.range.end }) : undefined;
      return { first, second };
    });
    if (entries.length === 0 || entries.every((entry) => entry.second === undefined)) {
      return { kind: 'inlineList', items: entries.map((entry) => entry.first), range };
    }
    const mapEntries: InlineMapEntry[] = entries.map(({ first, second }) => {
      if (second === undefined) {
        this.problems.push({ code: 'SyntaxError', message: 'Inline map entry without a value', range: first.range });
      }
      return { key: mapKey(first), keyNode: first, value: second ?? this.missing(first.range) };
    });
    return { kind: 'inlineMap', entries: mapEntries, range };
  }
}

function mapKey(node: AstNode): string | null {
  if (node.kind === 'property' && node.target === null) return node.name;
  if (node.kind === 'literal' && node.literalKind === 'String') return node.value as string;
  return null;
}

function negateLiteral(literal: LiteralNode): LiteralNode | null {
  const value = literal.value;
  if (literal.literalKind === 'Long' && typeof value === 'bigint') {
    return { ...literal, value: BigInt.asIntN(64, -value) };
  }
  if ((literal.literalKind === 'Double' || literal.literalKind === 'Float') && typeof value === 'number') {
    return { ...literal, value: -value };
  }
  return null;
}

const INT_MAX = 2147483647;
const LONG_MAX = (1n << 63n) - 1n;

/** Decodes a literal token; returns an error message when the literal cannot be represented. */
export function parseLiteral(image: string, tokenName: string, range: SourceRange): LiteralNode | string {
  switch (tokenName) {
    case 'StringLiteral': {
      const quote = image[0]!;
      const value = image.slice(1, -1).split(quote + quote).join(quote);
      return { kind: 'literal', literalKind: 'String', value, range };
    }
    case 'True':
      return { kind: 'literal', literalKind: 'Boolean', value: true, range };
    case 'False':
      return { kind: 'literal', literalKind: 'Boolean', value: false, range };
    case 'Null':
      return { kind: 'literal', literalKind: 'Null', value: null, range };
    case 'RealLiteral': {
      const suffix = image.slice(-1).toLowerCase();
      const isFloat = suffix === 'f';
      const digits = suffix === 'f' || suffix === 'd' ? image.slice(0, -1) : image;
      const value = isFloat ? Math.fround(Number(digits)) : Number(digits);
      return { kind: 'literal', literalKind: isFloat ? 'Float' : 'Double', value, range };
    }
    case 'HexLiteral':
    case 'IntLiteral': {
      const isLong = /[lL]$/.test(image);
      const digits = isLong ? image.slice(0, -1) : image;
      const isHex = tokenName === 'HexLiteral';
      const big = BigInt(isHex ? `0x${digits.slice(2)}` : digits);
      if (isLong) {
        // Hex literals may use the sign bit (0xFFFFFFFFFFFFFFFFL is -1L), decimal ones may not.
        if (isHex ? big > (1n << 64n) - 1n : big > LONG_MAX) return `The value '${image}' cannot be parsed as a long`;
        return { kind: 'literal', literalKind: 'Long', value: BigInt.asIntN(64, big), range };
      }
      if (isHex ? big > 0xffffffffn : big > BigInt(INT_MAX)) return `The value '${image}' cannot be parsed as an int`;
      return { kind: 'literal', literalKind: 'Integer', value: Number(BigInt.asIntN(32, big)), range };
    }
    default:
      return `Unexpected literal '${image}'`;
  }
}
