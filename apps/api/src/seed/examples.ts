import { count } from 'drizzle-orm';
import { parseScenarioGraph } from '@scenaria/graph';
import type { ScenarioGraph } from '@scenaria/graph';
import type { AuthenticatedUser } from '../auth/users';
import type { ConfigStore } from '../config/config-store';
import type { Database } from '../db/database';
import { scenarios } from '../db/schema';
import type { ScenarioService } from '../services/scenarios';

const spel = (expression: string) => ({ language: 'spel', expression });
const at = (x: number, y: number) => ({ description: null, layoutData: { x, y } });

// Written as plain JSON and checked with the graph schema, exactly as a posted graph would be.
// The request's JSON Schema types #input, so `#input.name` is a checked field access.
const GREETING_INPUT_SCHEMA = JSON.stringify({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });

const EXAMPLES: { name: string; kind: 'streaming' | 'request-response'; isFragment: boolean; description: string; graph: unknown }[] = [
  {
    name: 'example-transactions',
    kind: 'streaming',
    isFragment: false,
    description: 'Generates card transactions, keeps the large ones and logs them with a fee.',
    graph: {
      properties: { additionalFields: { description: 'Generates card transactions, keeps the large ones and logs them with a fee.', properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: true } },
      nodes: [
        { type: 'Source', id: 'transactions', additionalFields: at(0, 0), ref: { typ: 'event-generator', parameters: [
          { name: 'schedule', expression: spel("T(java.time.Duration).parse('PT1S')") },
          { name: 'count', expression: spel('1') },
          { name: 'value', expression: spel("{amount: T(java.lang.Math).random() * 100, currency: 'EUR'}") },
        ] } },
        { type: 'Filter', id: 'large amounts', additionalFields: at(0, 150), expression: spel('#input.amount > 50') },
        { type: 'Variable', id: 'fee', additionalFields: at(0, 300), varName: 'fee', value: spel('#input.amount * 0.01') },
        { type: 'Sink', id: 'log', additionalFields: at(0, 450), ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('{amount: #input.amount, fee: #fee}') }] } },
      ],
      edges: [
        { from: 'transactions', to: 'large amounts', edgeType: null },
        { from: 'large amounts', to: 'fee', edgeType: { type: 'FilterTrue' } },
        { from: 'fee', to: 'log', edgeType: null },
      ],
    },
  },
  {
    name: 'example-greeting',
    kind: 'request-response',
    isFragment: false,
    description: 'Answers each request with a greeting for the posted name.',
    graph: {
      properties: { additionalFields: { description: 'Answers each request with a greeting for the posted name.', properties: { slug: 'greeting', inputSchema: GREETING_INPUT_SCHEMA }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
      nodes: [
        { type: 'Source', id: 'request', additionalFields: at(0, 0), ref: { typ: 'request', parameters: [] } },
        { type: 'Variable', id: 'greeting', additionalFields: at(0, 150), varName: 'greeting', value: spel("'Hello, ' + #input.name + '!'") },
        { type: 'Sink', id: 'response', additionalFields: at(0, 300), ref: { typ: 'response', parameters: [
          { name: 'Raw editor', expression: spel('true') },
          { name: 'Value', expression: spel('{greeting: #greeting}') },
        ] } },
      ],
      edges: [
        { from: 'request', to: 'greeting', edgeType: null },
        { from: 'greeting', to: 'response', edgeType: null },
      ],
    },
  },
  {
    name: 'example-positive-amount',
    kind: 'streaming',
    isFragment: true,
    description: 'A fragment that lets only positive amounts through.',
    graph: {
      properties: { additionalFields: { description: 'A fragment that lets only positive amounts through.', properties: { docsUrl: '', componentGroup: '', icon: '' }, metaDataType: 'FragmentSpecificData', showDescription: false } },
      nodes: [
        { type: 'FragmentInputDefinition', id: 'input', additionalFields: at(0, 0), parameters: [{ name: 'amount', typ: { refClazzName: 'java.lang.Double' }, required: true }] },
        { type: 'Filter', id: 'positive', additionalFields: at(0, 150), expression: spel('#amount > 0') },
        { type: 'FragmentOutputDefinition', id: 'output', additionalFields: at(0, 300), outputName: 'output', fields: [{ name: 'amount', expression: spel('#amount') }] },
      ],
      edges: [
        { from: 'input', to: 'positive', edgeType: null },
        { from: 'positive', to: 'output', edgeType: { type: 'FilterTrue' } },
      ],
    },
  },
];

/** The example graphs, parsed with the graph schema (a failure here is a bug in the examples). */
export function exampleScenarios(): { name: string; kind: 'streaming' | 'request-response'; isFragment: boolean; graph: ScenarioGraph }[] {
  return EXAMPLES.map((example) => {
    const parsed = parseScenarioGraph(example.graph);
    if (!parsed.ok) throw new Error(`Example ${example.name} does not parse: ${parsed.issues.map((issue) => issue.message).join('; ')}`);
    return { name: example.name, kind: example.kind, isFragment: example.isFragment, graph: parsed.value };
  });
}

/** Seeds the examples into an empty database; returns the names created. */
export async function seedExamples(db: Database, config: ConfigStore, service: ScenarioService): Promise<string[]> {
  const [existing] = await db.select({ total: count() }).from(scenarios);
  if ((existing?.total ?? 0) > 0) return [];
  const system: AuthenticatedUser = { identity: 'system', username: 'system', isAdmin: true, isAnonymous: false, categoryPermissions: {}, globalPermissions: [] };
  const created: string[] = [];
  for (const example of exampleScenarios()) {
    const processingType = Object.entries(config.current.processingTypes).find(([, type]) => type.kind === example.kind);
    if (!processingType) continue;
    await service.create(system, { name: example.name, isFragment: example.isFragment, category: processingType[1].category });
    await service.save(system, example.name, { scenarioGraph: example.graph, comment: 'Example scenario' });
    created.push(example.name);
  }
  return created;
}
