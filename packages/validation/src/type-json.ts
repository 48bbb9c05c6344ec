import { deepFreeze, type TypingResult, type TypingResultJson, typingResultToJson } from '@scenaria/typing';

// Typing results are immutable and the same objects recur at every node (globals, #input, a variable's type
// in every context after it), so their JSON is computed once per object and the one JSON object is shared
// by every place of a result that shows the type.
//
// Types that outlive a validation (the model's: globals, components' outputs) are kept in a weak map for good.
// Most types are a validation's own (a literal's, a record built at a node) and die with it: adding each of those
// to a weak map cost more than writing its JSON, and left the collector entries to clear. They are kept in plain
// maps for the latest two generations of validations; a type still asked for a generation later is kept for good.
const lasting = new WeakMap<TypingResult, TypingResultJson>();
let recent = new Map<TypingResult, TypingResultJson>();
let older = new Map<TypingResult, TypingResultJson>();
// A generation ends earlier when a huge scenario has made this many types.
const GENERATION_TYPES = 50_000;

/** Starts a generation of the types' JSON kept per validation: called as a validation starts. */
export function startTypeJsonGeneration(): void {
  older = recent;
  recent = new Map();
}

/** The wire JSON of a type, computed once per type object and frozen because it is shared. */
export function typeToJson(type: TypingResult): TypingResultJson {
  let json = recent.get(type) ?? lasting.get(type);
  if (json !== undefined) return json;
  json = older.get(type);
  if (json !== undefined) {
    lasting.set(type, json);
    return json;
  }
  json = typingResultToJson(type);
  // Shared by every reader of every result that shows the type.
  deepFreeze(json);
  if (recent.size >= GENERATION_TYPES) startTypeJsonGeneration();
  recent.set(type, json);
  return json;
}
