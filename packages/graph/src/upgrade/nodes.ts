import { isJsonObject } from '../json';

// Node types renamed when "subprocess" became "fragment" (1.11-1.14 era).
const RENAMED_NODE_TYPES: Record<string, string> = {
  SubprocessInput: 'FragmentInput',
  SubprocessInputDefinition: 'FragmentInputDefinition',
  SubprocessOutputDefinition: 'FragmentOutputDefinition',
  SubprocessOutput: 'FragmentUsageOutput',
};
const RENAMED_EDGE_TYPES: Record<string, string> = { SubprocessOutput: 'FragmentOutput' };

/** Where an upgraded node is and what to call it in change messages. */
function nodeLabel(node: Record<string, unknown>): string {
  return typeof node.id === 'string' ? `node '${node.id}'` : 'a node without id';
}

/** A SpEL string literal for `text`: quotes doubled, as SpEL escapes them. */
function spelStringLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

// The oldest scenarios (2017) gave source/sink/exception-handler parameters as plain strings (`value`);
// they became expressions later. Quoting keeps the meaning: the value was the literal text.
function upgradeParameters(list: unknown, label: string, field: string, changes: string[]): unknown {
  if (!Array.isArray(list)) return list;
  let converted = 0;
  const upgraded = list.map((parameter: unknown) => {
    if (isJsonObject(parameter) && !Object.hasOwn(parameter, 'expression') && typeof parameter.value === 'string') {
      converted++;
      const { value, ...rest } = parameter;
      return { ...rest, expression: { language: 'spel', expression: spelStringLiteral(value as string) } };
    }
    return parameter;
  });
  if (converted > 0) {
    changes.push(`${label}: ${converted} plain-string ${field} converted to SpEL string literal expressions`);
  }
  return upgraded;
}

function upgradeFragmentParameter(parameter: unknown): { value: unknown; filled: boolean } {
  if (!isJsonObject(parameter)) return { value: parameter, filled: false };
  const defaults: Record<string, unknown> = {
    required: false,
    initialValue: null,
    hintText: null,
    valueEditor: null,
    valueCompileTimeValidation: null,
  };
  const missing = Object.keys(defaults).filter((key) => !Object.hasOwn(parameter, key));
  const value = { ...parameter };
  for (const key of missing) value[key] = defaults[key];
  return { value, filled: missing.length > 0 };
}

/** Upgrades one node object (flat or canonical, without touching nested branches) to the 1.18 shape. */
export function upgradeNodeData(input: Record<string, unknown>, changes: string[]): Record<string, unknown> {
  const node = { ...input };
  const label = nodeLabel(node);
  if (typeof node.type === 'string' && RENAMED_NODE_TYPES[node.type]) {
    const renamed = RENAMED_NODE_TYPES[node.type] as string;
    changes.push(`${label}: type ${node.type} renamed to ${renamed}`);
    node.type = renamed;
  }
  for (const key of ['ref', 'service'] as const) {
    const ref = node[key];
    if (isJsonObject(ref) && Array.isArray(ref.parameters)) {
      node[key] = { ...ref, parameters: upgradeParameters(ref.parameters, label, `${key} parameters`, changes) };
    }
  }
  if (node.type !== 'FragmentInputDefinition' && Array.isArray(node.parameters)) {
    node.parameters = upgradeParameters(node.parameters, label, 'parameters', changes);
  }
  if (Array.isArray(node.branchParameters)) {
    node.branchParameters = node.branchParameters.map((branch: unknown) =>
      isJsonObject(branch)
        ? { ...branch, parameters: upgradeParameters(branch.parameters, label, 'branch parameters', changes) }
        : branch,
    );
  }
  switch (node.type) {
    case 'FragmentInput': {
      if (Object.hasOwn(node, 'subprocessParams')) {
        node.fragmentParams = node.subprocessParams;
        delete node.subprocessParams;
        changes.push(`${label}: subprocessParams renamed to fragmentParams`);
      }
      const ref = node.ref;
      if (isJsonObject(ref) && !Object.hasOwn(ref, 'outputVariableNames')) {
        node.ref = { ...ref, outputVariableNames: {} };
        changes.push(`${label}: ref.outputVariableNames added ({})`);
      }
      break;
    }
    case 'FragmentInputDefinition': {
      if (Array.isArray(node.parameters)) {
        let filled = 0;
        node.parameters = node.parameters.map((parameter: unknown) => {
          const result = upgradeFragmentParameter(parameter);
          if (result.filled) filled++;
          return result.value;
        });
        if (filled > 0) changes.push(`${label}: defaults filled in for ${filled} fragment parameter definition(s)`);
      }
      break;
    }
    case 'FragmentOutputDefinition':
      if (!Object.hasOwn(node, 'fields')) {
        node.fields = [];
        changes.push(`${label}: fields added ([])`);
      }
      break;
    default:
      break;
  }
  return node;
}

/** Upgrades a flat-graph edge: old edge type names. */
export function upgradeEdge(input: unknown, index: number, changes: string[]): unknown {
  if (!isJsonObject(input) || !isJsonObject(input.edgeType)) return input;
  const type = input.edgeType.type;
  if (typeof type === 'string' && RENAMED_EDGE_TYPES[type]) {
    changes.push(`edge ${index} (${String(input.from)} -> ${String(input.to)}): type ${type} renamed to ${RENAMED_EDGE_TYPES[type]}`);
    return { ...input, edgeType: { ...input.edgeType, type: RENAMED_EDGE_TYPES[type] } };
  }
  return input;
}

/** Upgrades every element of a canonical branch, nested branches included; adds missing nested keys. */
export function upgradeCanonicalBranch(branch: unknown, changes: string[]): unknown {
  if (!Array.isArray(branch)) return branch;
  return branch.map((element: unknown) => {
    if (!isJsonObject(element)) return element;
    const node = upgradeNodeData(element, changes);
    const label = nodeLabel(node);
    switch (node.type) {
      case 'Filter':
        if (node.nextFalse === undefined || node.nextFalse === null) {
          node.nextFalse = [];
          changes.push(`${label}: nextFalse added ([])`);
        } else node.nextFalse = upgradeCanonicalBranch(node.nextFalse, changes);
        break;
      case 'Switch':
        if (Array.isArray(node.nexts)) {
          node.nexts = node.nexts.map((switchCase: unknown) =>
            isJsonObject(switchCase) ? { ...switchCase, nodes: upgradeCanonicalBranch(switchCase.nodes, changes) } : switchCase,
          );
        } else if (node.nexts === undefined || node.nexts === null) {
          node.nexts = [];
          changes.push(`${label}: nexts added ([])`);
        }
        if (node.defaultNext === undefined || node.defaultNext === null) {
          node.defaultNext = [];
          changes.push(`${label}: defaultNext added ([])`);
        } else node.defaultNext = upgradeCanonicalBranch(node.defaultNext, changes);
        break;
      case 'Split':
        if (Array.isArray(node.nexts)) node.nexts = node.nexts.map((next: unknown) => upgradeCanonicalBranch(next, changes));
        break;
      case 'FragmentInput':
        if (isJsonObject(node.outputs)) {
          node.outputs = Object.fromEntries(
            Object.entries(node.outputs).map(([name, next]) => [name, upgradeCanonicalBranch(next, changes)]),
          );
        } else if (node.outputs === undefined || node.outputs === null) {
          node.outputs = {};
          changes.push(`${label}: outputs added ({})`);
        }
        break;
      default:
        break;
    }
    return node;
  });
}

/** Whether any element (nested ones included) is the start of a fragment, under its old or new name. */
export function containsFragmentInputDefinition(branch: unknown): boolean {
  if (!Array.isArray(branch)) return false;
  return branch.some((element: unknown) => {
    if (!isJsonObject(element)) return false;
    return element.type === 'FragmentInputDefinition' || element.type === 'SubprocessInputDefinition';
  });
}
