import type { SourceRange } from '@scenaria/issues';

// The range type is the one every package's issues use; re-exported so AST users need not know where it lives.
export type { SourceRange };

interface NodeBase {
  range: SourceRange;
}

/** The Java kind of a literal as written. */
export type LiteralKind = 'Integer' | 'Long' | 'Double' | 'Float' | 'String' | 'Boolean' | 'Null';

export interface LiteralNode extends NodeBase {
  kind: 'literal';
  literalKind: LiteralKind;
  /** Integer: number; Long: bigint; Double/Float: number; String; Boolean; null. */
  value: number | bigint | string | boolean | null;
}

/** `#name`, including `#this` and `#root`. */
export interface VariableNode extends NodeBase {
  kind: 'variable';
  name: string;
}

/** `target.name` / `target?.name`; a null target means the current object (`#this`). */
export interface PropertyNode extends NodeBase {
  kind: 'property';
  target: AstNode | null;
  name: string;
  nameRange: SourceRange;
  safe: boolean;
}

export interface MethodCallNode extends NodeBase {
  kind: 'methodCall';
  target: AstNode | null;
  name: string;
  nameRange: SourceRange;
  args: AstNode[];
  safe: boolean;
}

/** `#fn(...)`: custom functions are not allowed, kept so the typer can say so. */
export interface FunctionCallNode extends NodeBase {
  kind: 'functionCall';
  name: string;
  args: AstNode[];
}

export interface IndexerNode extends NodeBase {
  kind: 'indexer';
  target: AstNode | null;
  index: AstNode;
  safe: boolean;
}

export interface SelectionNode extends NodeBase {
  kind: 'selection';
  target: AstNode | null;
  mode: 'all' | 'first' | 'last';
  condition: AstNode;
  safe: boolean;
}

export interface ProjectionNode extends NodeBase {
  kind: 'projection';
  target: AstNode | null;
  expression: AstNode;
  safe: boolean;
}

export interface InlineListNode extends NodeBase {
  kind: 'inlineList';
  items: AstNode[];
}

export interface InlineMapEntry {
  /** The key as text when it is an identifier or string literal; null for any other (invalid) key. */
  key: string | null;
  keyNode: AstNode;
  value: AstNode;
}

export interface InlineMapNode extends NodeBase {
  kind: 'inlineMap';
  entries: InlineMapEntry[];
}

export interface TypeReferenceNode extends NodeBase {
  kind: 'typeReference';
  typeName: string;
  /** `T(int[])`-style array dimensions. */
  dimensions: number;
}

export interface ConstructorNode extends NodeBase {
  kind: 'constructor';
  typeName: string;
  args: AstNode[];
  /** `new int[3]`, `new int[]{1}`: parsed so the typer can reject them. */
  isArray: boolean;
}

export type BinaryOperator =
  | '+' | '-' | '*' | '/' | '%' | '^'
  | '==' | '!=' | '<' | '>' | '<=' | '>='
  | '&&' | '||'
  | 'instanceof' | 'matches' | 'between';

export interface BinaryNode extends NodeBase {
  kind: 'binary';
  operator: BinaryOperator;
  operatorRange: SourceRange;
  left: AstNode;
  right: AstNode;
}

export type UnaryOperator = '-' | '+' | '!' | '++' | '--';

export interface UnaryNode extends NodeBase {
  kind: 'unary';
  operator: UnaryOperator;
  operand: AstNode;
  /** `x++` rather than `++x`. */
  postfix: boolean;
}

export interface TernaryNode extends NodeBase {
  kind: 'ternary';
  condition: AstNode;
  whenTrue: AstNode;
  whenFalse: AstNode;
}

export interface ElvisNode extends NodeBase {
  kind: 'elvis';
  value: AstNode;
  fallback: AstNode;
}

export interface AssignNode extends NodeBase {
  kind: 'assign';
  target: AstNode;
  value: AstNode;
}

export interface BeanReferenceNode extends NodeBase {
  kind: 'beanReference';
  name: string;
}

/** A hole left by error recovery (half-typed text). */
export interface MissingNode extends NodeBase {
  kind: 'missing';
}

/** Any node of the expression tree. */
export type AstNode =
  | LiteralNode
  | VariableNode
  | PropertyNode
  | MethodCallNode
  | FunctionCallNode
  | IndexerNode
  | SelectionNode
  | ProjectionNode
  | InlineListNode
  | InlineMapNode
  | TypeReferenceNode
  | ConstructorNode
  | BinaryNode
  | UnaryNode
  | TernaryNode
  | ElvisNode
  | AssignNode
  | BeanReferenceNode
  | MissingNode;

/** A `spelTemplate` is literal text interleaved with `#{...}` expressions. */
export interface TemplateNode extends NodeBase {
  kind: 'template';
  parts: Array<{ kind: 'text'; text: string; range: SourceRange } | { kind: 'expression'; node: AstNode; range: SourceRange }>;
}

/** Calls `visit` on each direct child of a node. */
export function forEachChild(node: AstNode, visit: (child: AstNode) => void): void {
  switch (node.kind) {
    case 'property':
      if (node.target) visit(node.target);
      return;
    case 'methodCall':
      if (node.target) visit(node.target);
      node.args.forEach(visit);
      return;
    case 'functionCall':
    case 'constructor':
      node.args.forEach(visit);
      return;
    case 'indexer':
      if (node.target) visit(node.target);
      visit(node.index);
      return;
    case 'selection':
      if (node.target) visit(node.target);
      visit(node.condition);
      return;
    case 'projection':
      if (node.target) visit(node.target);
      visit(node.expression);
      return;
    case 'inlineList':
      node.items.forEach(visit);
      return;
    case 'inlineMap':
      node.entries.forEach((entry) => {
        visit(entry.keyNode);
        visit(entry.value);
      });
      return;
    case 'binary':
      visit(node.left);
      visit(node.right);
      return;
    case 'unary':
      visit(node.operand);
      return;
    case 'ternary':
      visit(node.condition);
      visit(node.whenTrue);
      visit(node.whenFalse);
      return;
    case 'elvis':
      visit(node.value);
      visit(node.fallback);
      return;
    case 'assign':
      visit(node.target);
      visit(node.value);
      return;
    default:
      return;
  }
}
