import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DeclarationPath } from '../../load/source-map.js';
import { isRecord } from '../../model/is-record.js';
import { PUBLISHED_FIELDS, type DefinitionLevel } from '../../model/published-fields.js';
import { diagnosticAt, type Rule } from '../rule.js';

/** graphform's own keys beside the source's published fields. */
const OWN_KEYS: readonly string[] = ['id', 'data', 'import', 'moved', 'convert', 'keep'];

function known(level: DefinitionLevel): readonly string[] {
  return level === 'source' ? [...OWN_KEYS, ...PUBLISHED_FIELDS.source] : PUBLISHED_FIELDS[level];
}

/**
 * `unknownFields` holds fields graphform does not know, sent back verbatim at their level.
 * A field graphform knows does not belong there (it would be sent twice, and the known
 * one could not be checked), and a value must be plain JSON, since it goes on the wire.
 */
export const unknownFieldsRule: Rule = {
  name: 'unknown-fields',
  check({ files }) {
    const found: Diagnostic[] = [];
    for (const file of files) {
      const root = file.value;
      if (!isRecord(root)) continue;
      // The path is built only for a level that has unknownFields: few do, and every property is checked.
      const check = (level: DefinitionLevel, value: unknown, path: () => DeclarationPath): void => {
        if (!isRecord(value) || !isRecord(value.unknownFields)) return;
        for (const [name, field] of Object.entries(value.unknownFields)) {
          const at = { sourceMap: file.sourceMap, path: [...path(), 'unknownFields', name] };
          if (name === 'unknownFields' || known(level).includes(name)) {
            found.push(
              diagnosticAt(at, 'GF_UNKNOWN_FIELD_KNOWN', `\`${name}\` is a field graphform knows; write it directly at this level, not under unknownFields`),
            );
          } else if (!isJson(field)) {
            found.push(
              diagnosticAt(
                { ...at, where: 'value' },
                'GF_INVALID_VALUE',
                `unknownFields.${name} is not a plain JSON value ` +
                  '(binary data, a set, a date, an ordered map or a number that is not finite, as a YAML tag such as !!binary makes it); ' +
                  'it is sent to the service as JSON: write it as a string, a number, true, false, null, a list or a map',
              ),
            );
          }
        }
      };
      check('source', root, () => []);
      for (const [name, link] of entries(root.links)) check('link', link, () => ['links', name]);
      for (const [name, type] of entries(root.propertyTypes)) {
        check('propertyType', type, () => ['propertyTypes', name]);
        for (const [property, value] of entries(isRecord(type) ? type.properties : undefined))
          check('propertyTypeProperty', value, () => ['propertyTypes', name, 'properties', property]);
      }
      for (const [name, type] of entries(root.contentTypes)) {
        check('contentType', type, () => ['contentTypes', name]);
        for (const [property, value] of entries(isRecord(type) ? type.properties : undefined))
          check('property', value, () => ['contentTypes', name, 'properties', property]);
      }
    }
    return found;
  },
};

function entries(value: unknown): [string, unknown][] {
  return isRecord(value) ? Object.entries(value) : [];
}

function isJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return isPlainObject(value) && Object.values(value).every(isJson);
}

/**
 * A map as YAML makes it from `{}` or a block: isRecord alone also takes the Uint8Array of
 * !!binary, the Set of !!set, the Date of !!timestamp and the Map of !!omap, which JSON
 * would send as `{"0":104,…}` or `{}`.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
