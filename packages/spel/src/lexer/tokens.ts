import { Lexer, createToken, type TokenType } from 'chevrotain';

// Token order matters: Chevrotain takes the first pattern that matches, so longer operators come first.

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f]+/, group: Lexer.SKIPPED });

/** Anything that may stand as a property or method name (identifiers and the textual keywords). */
export const AnyName = createToken({ name: 'AnyName', pattern: Lexer.NA });

export const Identifier = createToken({ name: 'Identifier', pattern: /[a-zA-Z_$][\w$]*/, categories: [AnyName] });

function keyword(name: string, word: string, categories: TokenType[] = [], isName = true): TokenType {
  return createToken({
    name,
    pattern: new RegExp(`${word}(?![\\w$])`, 'i'),
    longer_alt: Identifier,
    categories: isName ? [AnyName, ...categories] : categories,
    start_chars_hint: [word[0]!.toLowerCase(), word[0]!.toUpperCase()],
  });
}

/** Relational operators, symbolic and textual. */
export const RelationalOp = createToken({ name: 'RelationalOp', pattern: Lexer.NA });
export const AdditiveOp = createToken({ name: 'AdditiveOp', pattern: Lexer.NA });
export const MultiplicativeOp = createToken({ name: 'MultiplicativeOp', pattern: Lexer.NA });
export const OrOp = createToken({ name: 'OrOp', pattern: Lexer.NA });
export const AndOp = createToken({ name: 'AndOp', pattern: Lexer.NA });
export const NotOp = createToken({ name: 'NotOp', pattern: Lexer.NA });

export const And = keyword('And', 'and', [AndOp]);
export const Or = keyword('Or', 'or', [OrOp]);
export const Not = keyword('Not', 'not', [NotOp], false);
export const Eq = keyword('Eq', 'eq', [RelationalOp]);
export const Ne = keyword('Ne', 'ne', [RelationalOp]);
export const Lt = keyword('Lt', 'lt', [RelationalOp]);
export const Gt = keyword('Gt', 'gt', [RelationalOp]);
export const Le = keyword('Le', 'le', [RelationalOp]);
export const Ge = keyword('Ge', 'ge', [RelationalOp]);
export const Div = keyword('Div', 'div', [MultiplicativeOp]);
export const Mod = keyword('Mod', 'mod', [MultiplicativeOp]);
export const InstanceOf = keyword('InstanceOf', 'instanceof');
export const Matches = keyword('Matches', 'matches');
export const Between = keyword('Between', 'between');
export const New = keyword('New', 'new', [], false);
export const True = keyword('True', 'true', [], false);
export const False = keyword('False', 'false', [], false);
export const Null = keyword('Null', 'null', [], false);
/** `T(` starts a type reference; a lone `T` is an ordinary property name. */
export const TypeRefStart = createToken({ name: 'TypeRefStart', pattern: /T(?=\s*\()/, longer_alt: Identifier, start_chars_hint: ['T'] });

export const HexLiteral = createToken({ name: 'HexLiteral', pattern: /0[xX][0-9a-fA-F]+[lL]?/ });
export const RealLiteral = createToken({
  name: 'RealLiteral',
  pattern: /(?:\d+\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)[fFdD]?|\d+[fFdD](?![\w$])/,
});
export const IntLiteral = createToken({ name: 'IntLiteral', pattern: /\d+[lL]?/ });
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /'(?:[^']|'')*'|"(?:[^"]|"")*"/ });

/** `#name`; `#this` and `#root` are variables too. */
export const VariableRef = createToken({ name: 'VariableRef', pattern: /#[a-zA-Z_$][\w$]*/ });
/** A lone `#` (half-typed variable): parsed so completion can offer variables. */
export const Hash = createToken({ name: 'Hash', pattern: /#/ });
export const BeanRef = createToken({ name: 'BeanRef', pattern: /&?@(?:[a-zA-Z_$][\w$.]*|'(?:[^']|'')*')?/ });

export const SafeSelectAll = createToken({ name: 'SafeSelectAll', pattern: '?.?[' });
export const SafeSelectFirst = createToken({ name: 'SafeSelectFirst', pattern: '?.^[' });
export const SafeSelectLast = createToken({ name: 'SafeSelectLast', pattern: '?.$[' });
export const SafeProject = createToken({ name: 'SafeProject', pattern: '?.![' });
export const SelectAll = createToken({ name: 'SelectAll', pattern: '.?[' });
export const SelectFirst = createToken({ name: 'SelectFirst', pattern: '.^[' });
export const SelectLast = createToken({ name: 'SelectLast', pattern: '.$[' });
export const Project = createToken({ name: 'Project', pattern: '.![' });
export const SafeNav = createToken({ name: 'SafeNav', pattern: '?.' });
export const Elvis = createToken({ name: 'Elvis', pattern: '?:' });
export const Question = createToken({ name: 'Question', pattern: '?' });
export const Dot = createToken({ name: 'Dot', pattern: '.' });
export const Colon = createToken({ name: 'Colon', pattern: ':' });
export const Comma = createToken({ name: 'Comma', pattern: ',' });
export const LParen = createToken({ name: 'LParen', pattern: '(' });
export const RParen = createToken({ name: 'RParen', pattern: ')' });
export const LBracket = createToken({ name: 'LBracket', pattern: '[' });
export const RBracket = createToken({ name: 'RBracket', pattern: ']' });
export const LBrace = createToken({ name: 'LBrace', pattern: '{' });
export const RBrace = createToken({ name: 'RBrace', pattern: '}' });

export const EqEq = createToken({ name: 'EqEq', pattern: '==', categories: [RelationalOp] });
export const NotEq = createToken({ name: 'NotEq', pattern: '!=', categories: [RelationalOp] });
export const LessEq = createToken({ name: 'LessEq', pattern: '<=', categories: [RelationalOp] });
export const GreaterEq = createToken({ name: 'GreaterEq', pattern: '>=', categories: [RelationalOp] });
export const Less = createToken({ name: 'Less', pattern: '<', categories: [RelationalOp] });
export const Greater = createToken({ name: 'Greater', pattern: '>', categories: [RelationalOp] });
export const Assign = createToken({ name: 'Assign', pattern: '=' });
export const AmpAmp = createToken({ name: 'AmpAmp', pattern: '&&', categories: [AndOp] });
export const PipePipe = createToken({ name: 'PipePipe', pattern: '||', categories: [OrOp] });
export const Bang = createToken({ name: 'Bang', pattern: '!', categories: [NotOp] });
export const PlusPlus = createToken({ name: 'PlusPlus', pattern: '++' });
export const MinusMinus = createToken({ name: 'MinusMinus', pattern: '--' });
export const Plus = createToken({ name: 'Plus', pattern: '+', categories: [AdditiveOp] });
export const Minus = createToken({ name: 'Minus', pattern: '-', categories: [AdditiveOp] });
export const Star = createToken({ name: 'Star', pattern: '*', categories: [MultiplicativeOp] });
export const Slash = createToken({ name: 'Slash', pattern: '/', categories: [MultiplicativeOp] });
export const Percent = createToken({ name: 'Percent', pattern: '%', categories: [MultiplicativeOp] });
export const Caret = createToken({ name: 'Caret', pattern: '^' });

/** Every token in lexing order. */
export const allTokens: TokenType[] = [
  WhiteSpace,
  AnyName, RelationalOp, AdditiveOp, MultiplicativeOp, OrOp, AndOp, NotOp,
  HexLiteral, RealLiteral, IntLiteral, StringLiteral,
  VariableRef, Hash, BeanRef,
  SafeSelectAll, SafeSelectFirst, SafeSelectLast, SafeProject,
  SelectAll, SelectFirst, SelectLast, Project,
  SafeNav, Elvis, Question,
  Dot, Colon, Comma, LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  EqEq, NotEq, LessEq, GreaterEq, Less, Greater, Assign,
  AmpAmp, PipePipe, Bang, PlusPlus, MinusMinus, Plus, Minus, Star, Slash, Percent, Caret,
  TypeRefStart,
  And, Or, Not, Eq, Ne, Lt, Gt, Le, Ge, Div, Mod, InstanceOf, Matches, Between, New, True, False, Null,
  Identifier,
];
