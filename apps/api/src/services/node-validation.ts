import type {
  ExpressionSuggestionsRequestSchema,
  NodeValidationError,
  NodeValidationRequestSchema,
  ParametersValidationRequestSchema,
  PropertiesValidationRequestSchema,
  ScenarioWithDetails,
} from '@scenaria/api-contract';
import { builtinsFor, componentId } from '@scenaria/components';
import type { ComponentDefinition, Model } from '@scenaria/components';
import { componentIdOfNode, fromCanonical } from '@scenaria/graph';
import type { NodeData } from '@scenaria/graph';
import type { z } from 'zod';
import { suggestExpression } from '@scenaria/spel';
import { typingResultFromJson, typingResultToJson, unknownType } from '@scenaria/typing';
import type { TypingResult, TypingResultJson } from '@scenaria/typing';
import { expressionEnvironment, validateNode, validateParameterExpressions, validateScenarioProperties, withModelGlobals } from '@scenaria/validation';
import type { AuthenticatedUser } from '../auth/users';
import { hasPermission } from '../auth/users';
import type { ConfigStore } from '../config/config-store';
import { badRequest, forbidden, notFound } from '../errors';
import { dropNulls } from './json';
import type { ModelRegistry } from './models';
import type { ScenarioService } from './scenarios';

// Bodies arrive checked by the route's schema (its one validation hook answers 400): only what the schema
// cannot know, such as whether a class in a typing result exists, is checked here.
type NodeValidationRequest = z.infer<typeof NodeValidationRequestSchema>;
type PropertiesValidationRequest = z.infer<typeof PropertiesValidationRequestSchema>;
type ParametersValidationRequest = z.infer<typeof ParametersValidationRequestSchema>;
type ExpressionSuggestionsRequest = z.infer<typeof ExpressionSuggestionsRequestSchema>;

// Classes are checked against the model's whitelist: the types this API sends in `nodeResults` name the model's
// helper classes (`#COLLECTION`'s), and the original's front end sends them back as they came.
function decodeTypes(json: Readonly<Record<string, unknown>>, path: string, model: Model): Record<string, TypingResult> {
  const { registry } = expressionEnvironment(model);
  const isKnownClass = (name: string) => registry.hasClass(name);
  const entries: [string, TypingResult][] = [];
  for (const [name, value] of Object.entries(json)) {
    const decoded = typingResultFromJson(value, { isKnownClass });
    if (!decoded.ok) throw badRequest(`Invalid type of ${name}: ${decoded.errors.map((error) => error.message).join('; ')}`, ['json', path, name]);
    entries.push([name, decoded.value]);
  }
  // fromEntries defines own properties: an assignment would turn a variable named `__proto__` into the prototype.
  return Object.fromEntries(entries);
}

/** Validation of single nodes, properties and parameters, completion, and the components list with usages. */
export class NodeValidationService {
  constructor(
    private readonly config: ConfigStore,
    private readonly models: ModelRegistry,
    private readonly scenarios: ScenarioService,
  ) {}

  async #scenarioModel(user: AuthenticatedUser, name: string): Promise<{ model: Model; processingType: string; isFragment: boolean }> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    const model = this.models.modelFor(row.processingType);
    if (!model) throw notFound(`Scenario type: ${row.processingType} not found`);
    return { model, processingType: row.processingType, isFragment: row.isFragment };
  }

  #typeModel(user: AuthenticatedUser, processingType: string): Model {
    const type = this.config.processingType(processingType);
    const model = this.models.modelFor(processingType);
    if (!type || !model) throw notFound(`Scenario type: ${processingType} not found`);
    if (!hasPermission(user, type.category, 'Read')) throw forbidden();
    return model;
  }

  /** `POST /api/nodes/{name}/validation`. */
  async node(user: AuthenticatedUser, name: string, body: NodeValidationRequest) {
    const { model, processingType } = await this.#scenarioModel(user, name);
    const properties = body.processProperties ?? fromCanonical(await this.scenarios.exportVersion(user, name)).graph.properties;
    const branchVariableTypes = body.branchVariableTypes
      ? Object.fromEntries(Object.entries(body.branchVariableTypes).map(([branch, types]) => [branch, decodeTypes(types, 'branchVariableTypes', model)]))
      : undefined;
    const result = validateNode(
      {
        nodeData: body.nodeData,
        processProperties: properties,
        variableTypes: decodeTypes(body.variableTypes, 'variableTypes', model),
        ...(branchVariableTypes ? { branchVariableTypes } : {}),
        ...(body.outgoingEdges ? { outgoingEdges: body.outgoingEdges } : {}),
        scenarioName: name,
        fragments: await this.scenarios.fragmentGraphs(processingType),
      },
      model,
    );
    return dropNulls(result) as { validationErrors: NodeValidationError[]; validationPerformed: boolean };
  }

  /** `POST /api/properties/{name}/validation`. */
  async properties(user: AuthenticatedUser, name: string, body: PropertiesValidationRequest) {
    const { model, isFragment } = await this.#scenarioModel(user, name);
    const scenarioName = body.name ?? body.id ?? name;
    return { validationErrors: validateScenarioProperties({ additionalFields: body.additionalFields }, model, { isFragment, scenarioName }), validationPerformed: true };
  }

  /** `POST /api/parameters/{processingType}/validate`: each expression typed against its declared type. */
  parameters(user: AuthenticatedUser, processingType: string, body: ParametersValidationRequest) {
    const model = this.#typeModel(user, processingType);
    const variableTypes = decodeTypes(body.variableTypes, 'variableTypes', model);
    const parameters = body.parameters.map((parameter, index) => {
      const expected = typingResultFromJson(parameter.typ, { isKnownClass: (className) => expressionEnvironment(model).registry.hasClass(className) });
      if (!expected.ok) throw badRequest(`Invalid type of parameter ${parameter.name}`, ['json', 'parameters', index, 'typ']);
      return { name: parameter.name, typ: expected.value, expression: parameter.expression };
    });
    const validationErrors = dropNulls(validateParameterExpressions(parameters, variableTypes, model)) as NodeValidationError[];
    return { validationErrors, validationPerformed: true };
  }

  /** `POST /api/parameters/{processingType}/suggestions`: completion at the caret (row and column of the text). */
  suggestions(user: AuthenticatedUser, processingType: string, body: ExpressionSuggestionsRequest) {
    const model = this.#typeModel(user, processingType);
    const variables = withModelGlobals(model, decodeTypes(body.variableTypes, 'variableTypes', model));
    const lines = body.expression.expression.split('\n');
    if (body.caretPosition2d.row >= lines.length) throw badRequest('caretPosition2d.row is beyond the last line', ['json', 'caretPosition2d', 'row']);
    const cursor = lines.slice(0, body.caretPosition2d.row).reduce((sum, line) => sum + line.length + 1, 0) + Math.min(body.caretPosition2d.column, lines[body.caretPosition2d.row]!.length);
    const { registry, globals } = expressionEnvironment(model);
    const result = suggestExpression(body.expression.expression, cursor, variables, { registry, globals, config: model.expressionConfig });
    return result.suggestions.map((suggestion) => ({
      methodName: suggestion.label,
      // The completion engine describes the result as text; its type is not known here.
      refClazz: typingResultToJson(unknownType),
      fromClass: suggestion.kind === 'method' || suggestion.kind === 'field' || suggestion.kind === 'staticField',
      description: suggestion.documentation ? `${suggestion.detail}\n${suggestion.documentation}` : suggestion.detail,
      parameters: [] as { name: string; refClazz: TypingResultJson }[],
    }));
  }

  /** `GET /api/components`: the components of the processing types the user may read, merged by id. */
  async components(user: AuthenticatedUser, options: { skipUsages: boolean; skipFragments: boolean }) {
    const byId = new Map<string, { definition: ComponentDefinition; categories: Set<string> }>();
    for (const [name, type] of Object.entries(this.config.current.processingTypes)) {
      if (!hasPermission(user, type.category, 'Read')) continue;
      const model = this.models.modelFor(name);
      if (!model) continue;
      for (const definition of [...builtinsFor(false), ...model.components]) {
        const id = componentId(definition);
        const entry = byId.get(id) ?? { definition, categories: new Set<string>() };
        entry.categories.add(type.category);
        byId.set(id, entry);
      }
    }
    const usages = options.skipUsages ? new Map<string, number>() : await this.#usageCounts(user);
    const list = [...byId.entries()].map(([id, { definition, categories }]) => ({
      id,
      name: definition.name,
      icon: definition.icon,
      componentType: definition.type,
      componentGroupName: definition.componentGroup,
      categories: [...categories].sort(),
      links: definition.docsUrl ? [{ id: 'documentation', title: 'Documentation', icon: '/assets/icons/documentation.svg', url: definition.docsUrl }] : [],
      usageCount: usages.get(id) ?? 0,
      allowedProcessingModes: definition.allowedProcessingModes === 'all' ? ['Unbounded-Stream', 'Request-Response', 'Bounded-Stream'] : [...definition.allowedProcessingModes],
    }));
    if (!options.skipFragments) {
      const fragments = await this.scenarios.list(user, { isFragment: true, isArchived: false }, { withGraph: false, withState: false });
      for (const fragment of fragments) {
        const id = `fragment-${fragment.name}`;
        list.push({
          id,
          name: fragment.name,
          icon: '/assets/components/FragmentInput.svg',
          componentType: 'fragment',
          componentGroupName: 'fragments',
          categories: [fragment.processCategory],
          links: [],
          usageCount: usages.get(id) ?? 0,
          allowedProcessingModes: [fragment.processingMode],
        });
      }
    }
    return list.sort((a, b) => a.id.localeCompare(b.id));
  }

  // A page of graphs at a time: only what each caller keeps of them stays in memory.
  async *#scenarioNodes(user: AuthenticatedUser): AsyncGenerator<{ record: ScenarioWithDetails; nodes: NodeData[] }> {
    for await (const records of this.scenarios.listPages(user, { isArchived: false }, { withGraph: true, withState: false })) {
      for (const record of records) yield { record, nodes: record.scenarioGraph?.nodes ?? [] };
    }
  }

  async #usageCounts(user: AuthenticatedUser): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for await (const { nodes } of this.#scenarioNodes(user)) {
      for (const node of nodes) {
        const id = componentIdOfNode(node);
        if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** `GET /api/components/{id}/usages`: scenarios whose latest version uses the component. */
  async usages(user: AuthenticatedUser, id: string) {
    const known = (await this.components(user, { skipUsages: true, skipFragments: false })).some((component) => component.id === id);
    if (!known) throw notFound(`Component ${id} not exist.`);
    const usages = [];
    for await (const { record, nodes } of this.#scenarioNodes(user)) {
      const using = nodes.filter((node) => componentIdOfNode(node) === id);
      if (using.length === 0) continue;
      usages.push({
        name: record.name,
        nodesUsagesData: using.map((node) => ({ type: 'ScenarioUsageData', nodeId: node.id })),
        isFragment: record.isFragment,
        processCategory: record.processCategory,
        modificationDate: record.modificationDate,
        modifiedAt: record.modifiedAt,
        modifiedBy: record.modifiedBy,
        createdAt: record.createdAt,
        createdBy: record.createdBy,
        ...(record.lastAction ? { lastAction: record.lastAction } : {}),
      });
    }
    return usages;
  }
}
