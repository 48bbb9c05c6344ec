import { isJsonObject } from '../json';
import { UNSET_PROPERTIES } from '../scenario-properties';
import type { ProcessAdditionalFields } from '../schemas/properties';

// Metadata types and fields renamed since the formats these scenarios were written in.
const RENAMED_TYPES: Record<string, string> = { StandaloneMetaData: 'RequestResponseMetaData' };
const RENAMED_KEYS: Record<string, Record<string, string>> = {
  StreamMetaData: { splitStateToDisk: 'spillStateToDisk' },
  RequestResponseMetaData: { path: 'slug' },
};

/** Scenario property values are strings on the wire: `null` means unset (""), other scalars are printed. */
export function propertyString(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Builds 1.18 `additionalFields` from any era's metadata (canonical `metaData` or the old graph `properties`):
 * `typeSpecificData`/`typeSpecificProperties` become `metaDataType` plus string properties.
 */
export function upgradeAdditionalFields(
  input: { additionalFields: unknown; typeSpecific: unknown; typeSpecificKey: string; isFragment: boolean },
  where: string,
  changes: string[],
): ProcessAdditionalFields {
  const { additionalFields, typeSpecific, typeSpecificKey, isFragment } = input;
  const fields = isJsonObject(additionalFields) ? additionalFields : {};
  const properties: Record<string, string> = {};
  let stringified = false;
  if (isJsonObject(fields.properties)) {
    for (const [key, value] of Object.entries(fields.properties)) {
      if (typeof value !== 'string') stringified = true;
      properties[key] = propertyString(value);
    }
  }
  if (stringified) changes.push(`${where}.additionalFields.properties: non-string values converted to strings`);
  if (Object.hasOwn(fields, 'groups')) changes.push(`${where}.additionalFields.groups removed (node groups no longer exist)`);

  let metaDataType = typeof fields.metaDataType === 'string' ? fields.metaDataType : undefined;
  if (isJsonObject(typeSpecific)) {
    const oldType = typeof typeSpecific.type === 'string' ? typeSpecific.type : 'StreamMetaData';
    const newType = RENAMED_TYPES[oldType] ?? oldType;
    const renames = RENAMED_KEYS[newType] ?? {};
    // Expanded to all the keys of its type, as the 1.18 designer writes them.
    const fromTypeSpecific: Record<string, string> = { ...(UNSET_PROPERTIES[newType] ?? {}) };
    for (const [key, value] of Object.entries(typeSpecific)) {
      if (key === 'type') continue;
      fromTypeSpecific[renames[key] ?? key] = propertyString(value);
    }
    const renamedKeys = Object.keys(typeSpecific).filter((key) => renames[key]);
    if (isFragment && newType !== 'FragmentSpecificData') {
      Object.assign(properties, UNSET_PROPERTIES.FragmentSpecificData, properties);
      changes.push(`${where}.${typeSpecificKey} (${oldType}) of a fragment replaced by metaDataType FragmentSpecificData`);
      metaDataType = 'FragmentSpecificData';
    } else {
      Object.assign(properties, fromTypeSpecific);
      metaDataType = newType;
      changes.push(
        `${where}.${typeSpecificKey} (${oldType}) moved to additionalFields: metaDataType ${newType} and string properties` +
          (newType !== oldType ? ` (type renamed from ${oldType})` : '') +
          (renamedKeys.length > 0 ? ` (renamed ${renamedKeys.map((key) => `${key} -> ${renames[key]}`).join(', ')})` : ''),
      );
    }
  } else if (metaDataType === undefined) {
    metaDataType = isFragment ? 'FragmentSpecificData' : 'StreamMetaData';
    for (const [key, value] of Object.entries(UNSET_PROPERTIES[metaDataType] ?? {})) {
      if (!Object.hasOwn(properties, key)) properties[key] = value;
    }
    changes.push(
      `${where}: no metadata type given; assumed ${metaDataType}` +
        (isFragment ? ' (the scenario is a fragment)' : ' (the default processing mode)'),
    );
  } else if (isFragment && metaDataType !== 'FragmentSpecificData') {
    changes.push(`${where}.additionalFields.metaDataType ${metaDataType} of a fragment replaced by FragmentSpecificData`);
    metaDataType = 'FragmentSpecificData';
  } else if (RENAMED_TYPES[metaDataType]) {
    changes.push(`${where}.additionalFields.metaDataType ${metaDataType} renamed to ${RENAMED_TYPES[metaDataType]}`);
    metaDataType = RENAMED_TYPES[metaDataType];
  }

  const description = typeof fields.description === 'string' ? fields.description : null;
  const showDescription = typeof fields.showDescription === 'boolean' ? fields.showDescription : false;
  if (!isJsonObject(additionalFields)) {
    changes.push(`${where}.additionalFields added (it was ${additionalFields === null ? 'null' : 'missing'})`);
  } else {
    const filled = ['description', 'properties', 'showDescription'].filter((key) => !Object.hasOwn(fields, key));
    if (filled.length > 0) changes.push(`${where}.additionalFields: defaults filled in for ${filled.join(', ')}`);
  }
  return { description, properties, metaDataType: metaDataType ?? 'StreamMetaData', showDescription };
}
