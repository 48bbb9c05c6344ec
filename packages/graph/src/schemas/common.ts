import { z } from 'zod';

// Optional-and-nullable fields are kept exactly as written (absent stays absent, null stays null), so that
// parsing and serializing a scenario never changes it: saving compares canonical JSON to decide on a new
// version (semantics.md §3), and a spurious `null` would create versions nobody asked for.

/** An expression: the language it is written in plus its source text. */
export const ExpressionSchema = z.object({
  language: z.string(),
  expression: z.string(),
});
/** An expression: the language it is written in plus its source text. */
export type Expression = z.infer<typeof ExpressionSchema>;

/** A named node parameter whose value is an expression (`evaluatedparam.Parameter`). */
export const ParameterSchema = z.object({
  name: z.string(),
  expression: ExpressionSchema,
});
/** A named node parameter whose value is an expression. */
export type Parameter = z.infer<typeof ParameterSchema>;

/** A record-variable or fragment-output field: a name and the expression giving its value. */
export const FieldSchema = z.object({
  name: z.string(),
  expression: ExpressionSchema,
});
/** A record-variable or fragment-output field. */
export type Field = z.infer<typeof FieldSchema>;

/** Parameters of one incoming branch of a Join; `branchId` is the id of the node the branch comes from. */
export const BranchParametersSchema = z.object({
  branchId: z.string(),
  parameters: z.array(ParameterSchema),
});
/** Parameters of one incoming branch of a Join. */
export type BranchParameters = z.infer<typeof BranchParametersSchema>;

/** Position of a node on the designer's canvas. */
export const LayoutDataSchema = z.object({
  x: z.number(),
  y: z.number(),
});
/** Position of a node on the designer's canvas. */
export type LayoutData = z.infer<typeof LayoutDataSchema>;

/** User-defined extras of a node: a description and the canvas position. */
export const NodeAdditionalFieldsSchema = z.object({
  description: z.string().nullable().optional(),
  layoutData: LayoutDataSchema.nullable().optional(),
});
/** User-defined extras of a node. */
export type NodeAdditionalFields = z.infer<typeof NodeAdditionalFieldsSchema>;

/** A fixed value offered by an editor: the expression stored and the label shown. */
export const FixedExpressionValueSchema = z.object({
  expression: z.string(),
  label: z.string(),
});
/** A fixed value offered by an editor. */
export type FixedExpressionValue = z.infer<typeof FixedExpressionValueSchema>;
