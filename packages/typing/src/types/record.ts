import { builtinClassHierarchy, type ClassHierarchy } from './class-hierarchy';
import { recordObjType } from './supertype';
import { recordEntries, recordTypeWithObjType, type RecordFieldsInput, type RecordOptions, type TypedRecord } from './typing-result';

/**
 * A record type (`Record{a: Integer}`). `fields` may be a plain object (its own keys, in order), an entries
 * array or a Map. The runtime class defaults to `java.util.HashMap[String, <common supertype of the field
 * types>]`, e.g. `HashMap[String,Long]` for Integer and Long fields.
 */
export function recordType(fields: RecordFieldsInput, options: RecordOptions = {}, hierarchy: ClassHierarchy = builtinClassHierarchy): TypedRecord {
  const entries = recordEntries(fields);
  const objType = options.objType ?? recordObjType(entries.map(([, type]) => type), hierarchy);
  return recordTypeWithObjType(entries, objType, options.additionalInfo);
}
