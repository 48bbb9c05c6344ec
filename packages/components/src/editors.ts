import { z } from 'zod';

/** One entry of a fixed-values editor: an expression and the label shown for it. */
export const FixedExpressionValueSchema = z.object({ expression: z.string(), label: z.string() });
/** A value offered by a fixed-values editor. */
export type FixedExpressionValue = z.infer<typeof FixedExpressionValueSchema>;

const FixedExpressionValueWithIconSchema = FixedExpressionValueSchema.extend({ icon: z.string() });

/** Units a duration editor shows (the reference's `timeRangeComponents`). */
export const DurationComponentSchema = z.enum(['DAYS', 'HOURS', 'MINUTES', 'SECONDS']);
/** Units a period editor shows. */
export const PeriodComponentSchema = z.enum(['YEARS', 'MONTHS', 'DAYS']);

const simple = <T extends string>(type: T) => z.object({ type: z.literal(type) });

/** Editors that can be the simple half of a dual editor. */
export const SimpleParameterEditorSchema = z.discriminatedUnion('type', [
  simple('BoolParameterEditor'),
  simple('StringParameterEditor'),
  simple('DateParameterEditor'),
  simple('TimeParameterEditor'),
  simple('DateTimeParameterEditor'),
  simple('TextareaParameterEditor'),
  simple('JsonParameterEditor'),
  simple('SqlParameterEditor'),
  simple('SpelTemplateParameterEditor'),
  simple('CronParameterEditor'),
  simple('TabularTypedDataEditor'),
  z.object({ type: z.literal('DictParameterEditor'), dictId: z.string() }),
  z.object({ type: z.literal('FixedValuesParameterEditor'), possibleValues: z.array(FixedExpressionValueSchema) }),
  z.object({
    type: z.literal('FixedValuesWithIconParameterEditor'),
    possibleValues: z.array(FixedExpressionValueWithIconSchema),
  }),
  z.object({ type: z.literal('DurationParameterEditor'), timeRangeComponents: z.array(DurationComponentSchema).min(1) }),
  z.object({ type: z.literal('PeriodParameterEditor'), timeRangeComponents: z.array(PeriodComponentSchema).min(1) }),
]);
/** An editor usable on its own or inside a dual editor. */
export type SimpleParameterEditor = z.infer<typeof SimpleParameterEditorSchema>;

/** Every parameter editor as served in `processDefinitionData` (semantics.md §7). */
export const ParameterEditorSchema = z.union([
  SimpleParameterEditorSchema,
  simple('RawParameterEditor'),
  z.object({
    type: z.literal('DualParameterEditor'),
    simpleEditor: SimpleParameterEditorSchema,
    defaultMode: z.enum(['SIMPLE', 'RAW']),
  }),
]);
/** A parameter editor: how the designer lets a user enter a parameter's expression. */
export type ParameterEditor = z.infer<typeof ParameterEditorSchema>;

/** Constructors for editors, so component authors need not spell the JSON. */
export const editors = {
  raw: (): ParameterEditor => ({ type: 'RawParameterEditor' }),
  boolean: (): ParameterEditor => ({ type: 'BoolParameterEditor' }),
  string: (): ParameterEditor => ({ type: 'StringParameterEditor' }),
  textarea: (): ParameterEditor => ({ type: 'TextareaParameterEditor' }),
  json: (): ParameterEditor => ({ type: 'JsonParameterEditor' }),
  sql: (): ParameterEditor => ({ type: 'SqlParameterEditor' }),
  spelTemplate: (): ParameterEditor => ({ type: 'SpelTemplateParameterEditor' }),
  cron: (): ParameterEditor => ({ type: 'CronParameterEditor' }),
  date: (): ParameterEditor => ({ type: 'DateParameterEditor' }),
  time: (): ParameterEditor => ({ type: 'TimeParameterEditor' }),
  dateTime: (): ParameterEditor => ({ type: 'DateTimeParameterEditor' }),
  /** A table whose columns the user defines, types and reorders (decision tables). */
  table: (): ParameterEditor => ({ type: 'TabularTypedDataEditor' }),
  dictionary: (dictId: string): ParameterEditor => ({ type: 'DictParameterEditor', dictId }),
  fixedValues: (possibleValues: FixedExpressionValue[]): ParameterEditor => ({
    type: 'FixedValuesParameterEditor',
    possibleValues,
  }),
  duration: (
    timeRangeComponents: z.infer<typeof DurationComponentSchema>[] = ['DAYS', 'HOURS', 'MINUTES', 'SECONDS'],
  ): ParameterEditor => ({ type: 'DurationParameterEditor', timeRangeComponents }),
  period: (
    timeRangeComponents: z.infer<typeof PeriodComponentSchema>[] = ['YEARS', 'MONTHS', 'DAYS'],
  ): ParameterEditor => ({ type: 'PeriodParameterEditor', timeRangeComponents }),
  /** A simple editor with a switch to the raw expression editor. */
  dual: (simpleEditor: SimpleParameterEditor, defaultMode: 'SIMPLE' | 'RAW' = 'SIMPLE'): ParameterEditor => ({
    type: 'DualParameterEditor',
    simpleEditor,
    defaultMode,
  }),
};

/** The fixed values an editor restricts a parameter to, if it does (plain or inside a dual editor). */
export function fixedValuesOf(editor: ParameterEditor): FixedExpressionValue[] | undefined {
  const inner = editor.type === 'DualParameterEditor' ? editor.simpleEditor : editor;
  if (inner.type === 'FixedValuesParameterEditor' || inner.type === 'FixedValuesWithIconParameterEditor') {
    return inner.possibleValues.map(({ expression, label }) => ({ expression, label }));
  }
  return undefined;
}
