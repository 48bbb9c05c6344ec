import { z } from 'zod';
import { ExpressionSchema } from './common';

/** The kind of an edge; a plain edge has none (`null` or absent). */
export const EdgeTypeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('FilterTrue') }),
  z.object({ type: z.literal('FilterFalse') }),
  z.object({ type: z.literal('NextSwitch'), condition: ExpressionSchema }),
  z.object({ type: z.literal('SwitchDefault') }),
  z.object({ type: z.literal('FragmentOutput'), name: z.string() }),
]);
/** The kind of an edge. */
export type EdgeType = z.infer<typeof EdgeTypeSchema>;

/** A directed edge between two nodes, by id. */
export const EdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  edgeType: EdgeTypeSchema.nullable().optional(),
});
/** A directed edge between two nodes. */
export type Edge = z.infer<typeof EdgeSchema>;
