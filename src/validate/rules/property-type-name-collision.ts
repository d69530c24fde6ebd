import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { diagnosticAt, placeOf, type Rule } from '../rule.js';

/** Within a source, a property type and a content type do not share a name (both become GraphQL types). */
export const propertyTypeNameCollisionRule: Rule = {
  name: 'property-type-name-collision',
  check({ sources }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const contentTypes = new Map(source.contentTypes.map((contentType) => [contentType.name, contentType]));
      for (const propertyType of source.propertyTypes) {
        const contentType = contentTypes.get(propertyType.name);
        if (contentType === undefined) continue;
        found.push(
          diagnosticAt(
            { sourceMap: source.sourceMap, path: propertyType.path },
            'GF_PROPERTY_TYPE_NAME_COLLISION',
            `property type \`${propertyType.name}\` has the same name as a content type of this source (${placeOf(source.sourceMap, contentType.path)}); ` +
              'rename one of them',
          ),
        );
      }
    }
    return found;
  },
};
