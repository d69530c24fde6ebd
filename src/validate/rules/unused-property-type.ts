import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { diagnosticAt, type Rule } from '../rule.js';
import { referencedName } from '../type-reference.js';

/** A property type that no property uses is probably a leftover or a misspelling (warning). */
export const unusedPropertyTypeRule: Rule = {
  name: 'unused-property-type',
  check({ sources }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const used = new Set<string>();
      for (const contentType of source.contentTypes) {
        for (const property of contentType.properties) used.add(referencedName(property.type) ?? '');
      }
      for (const propertyType of source.propertyTypes) {
        for (const property of propertyType.properties) {
          const name = referencedName(property.type);
          // Using itself does not make a property type used.
          if (name !== undefined && name !== propertyType.name) used.add(name);
        }
      }
      for (const propertyType of source.propertyTypes) {
        if (used.has(propertyType.name)) continue;
        found.push(
          diagnosticAt(
            { sourceMap: source.sourceMap, path: propertyType.path },
            'GF_UNUSED_PROPERTY_TYPE',
            `property type \`${propertyType.name}\` is not used by any property; ` +
              `use it as a property's type (\`${propertyType.name}\` or \`[${propertyType.name}]\`) or remove it`,
            'warning',
          ),
        );
      }
    }
    return found;
  },
};
