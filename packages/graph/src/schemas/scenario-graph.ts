import { z } from 'zod';
import { EdgeSchema } from './edge';
import { NodeDataSchema } from './node-data';
import { ProcessPropertiesSchema } from './properties';

/** The flat scenario graph the designer exchanges with its UI (`scenarioGraph`, 1.14+). */
export const ScenarioGraphSchema = z.object({
  properties: ProcessPropertiesSchema,
  nodes: z.array(NodeDataSchema),
  edges: z.array(EdgeSchema),
});
/** The flat scenario graph. */
export type ScenarioGraph = z.infer<typeof ScenarioGraphSchema>;
