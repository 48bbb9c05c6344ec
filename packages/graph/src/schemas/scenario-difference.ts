import { z } from 'zod';
import { EdgeSchema } from './edge';
import { NodeDataSchema } from './node-data';
import { ProcessPropertiesSchema } from './properties';

// The shape of Nussknacker 1.18's version compare (`ScenarioGraphComparator`): one record per difference,
// discriminated by `type`; "current" is the first scenario compared, "other" the second.

/** A node only the current scenario has. */
export const NodeNotPresentInOtherSchema = z.object({
  type: z.literal('NodeNotPresentInOther'),
  nodeId: z.string(),
  currentNode: NodeDataSchema,
});
/** A node only the other scenario has. */
export const NodeNotPresentInCurrentSchema = z.object({
  type: z.literal('NodeNotPresentInCurrent'),
  nodeId: z.string(),
  otherNode: NodeDataSchema,
});
/** A node both have, with different content (its position on the canvas does not count). */
export const NodeDifferentSchema = z.object({
  type: z.literal('NodeDifferent'),
  nodeId: z.string(),
  currentNode: NodeDataSchema,
  otherNode: NodeDataSchema,
});
/** An edge (by its ends) only the current scenario has. */
export const EdgeNotPresentInOtherSchema = z.object({
  type: z.literal('EdgeNotPresentInOther'),
  fromId: z.string(),
  toId: z.string(),
  currentEdge: EdgeSchema,
});
/** An edge (by its ends) only the other scenario has. */
export const EdgeNotPresentInCurrentSchema = z.object({
  type: z.literal('EdgeNotPresentInCurrent'),
  fromId: z.string(),
  toId: z.string(),
  otherEdge: EdgeSchema,
});
/** An edge both have between the same ends, of a different kind. */
export const EdgeDifferentSchema = z.object({
  type: z.literal('EdgeDifferent'),
  fromId: z.string(),
  toId: z.string(),
  currentEdge: EdgeSchema,
  otherEdge: EdgeSchema,
});
/** Different scenario properties. */
export const PropertiesDifferentSchema = z.object({
  type: z.literal('PropertiesDifferent'),
  currentProperties: ProcessPropertiesSchema,
  otherProperties: ProcessPropertiesSchema,
});

/** One difference between two scenario versions. */
export const ScenarioDifferenceSchema = z.discriminatedUnion('type', [
  NodeNotPresentInOtherSchema,
  NodeNotPresentInCurrentSchema,
  NodeDifferentSchema,
  EdgeNotPresentInOtherSchema,
  EdgeNotPresentInCurrentSchema,
  EdgeDifferentSchema,
  PropertiesDifferentSchema,
]);
/** One difference between two scenario versions. */
export type ScenarioDifference = z.infer<typeof ScenarioDifferenceSchema>;
/** The kind of a difference (its `type`). */
export type ScenarioDifferenceType = ScenarioDifference['type'];

/**
 * The differences between two versions, keyed as the original keys them: `Node '<id>'`,
 * `Edge from '<from>' to '<to>'` and `Properties`. Empty when the versions differ only in layout.
 */
export const ScenarioComparisonSchema = z.record(z.string(), ScenarioDifferenceSchema);
/** The differences between two versions, by key. */
export type ScenarioComparison = z.infer<typeof ScenarioComparisonSchema>;
