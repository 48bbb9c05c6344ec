import { deepFreeze, type TypingResult, type TypingResultJson, typingResultToJson } from '@scenaria/typing';

// Typing results are immutable and the same objects recur at every node (globals, #input, a variable's type
// in every context after it), so their JSON is computed once per object and the one JSON object is shared
// by every place of a result that shows the type.
const jsonOfType = new WeakMap<TypingResult, TypingResultJson>();

/** The wire JSON of a type, computed once per type object and frozen because it is shared. */
export function typeToJson(type: TypingResult): TypingResultJson {
  let json = jsonOfType.get(type);
  if (json === undefined) {
    json = typingResultToJson(type);
    // Shared by every reader of every result that shows the type.
    deepFreeze(json);
    jsonOfType.set(type, json);
  }
  return json;
}
