import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../model/is-record.js';
import { diagnosticAt, type Rule } from '../rule.js';

/**
 * A property both `searchable` and `skip` (stored only): the vendor's client gives a field
 * one name, `Name___searchable` or `Name___skip`, so the two contradict each other. graphform
 * sends it as searchable (data/wire-names.ts) and says so (warning).
 */
export const searchableAndSkipRule: Rule = {
  name: 'searchable-and-skip',
  check({ sources, files }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const root = files.find((file) => file.file === source.file)?.value;
      if (!isRecord(root)) continue;
      for (const level of ['contentTypes', 'propertyTypes'] as const) {
        const types = isRecord(root[level]) ? root[level] : {};
        for (const [typeName, type] of Object.entries(types)) {
          const properties = isRecord(type) && isRecord(type.properties) ? type.properties : {};
          for (const [name, property] of Object.entries(properties)) {
            if (!isRecord(property) || property.searchable !== true || property.skip !== true) continue;
            found.push(
              diagnosticAt(
                { sourceMap: source.sourceMap, path: [level, typeName, 'properties', name, 'skip'] },
                'GF_SEARCHABLE_AND_SKIP',
                `property \`${name}\` of \`${typeName}\` is both searchable and stored only (skip): ` +
                  `its values go as \`${name}___searchable\`, searchable; remove one of the two`,
                'warning',
              ),
            );
          }
        }
      }
    }
    return found;
  },
};
