import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { GRAPHQL_BUILT_IN_TYPE_NAMES } from '../graphql-name.js';
import { diagnosticAt, type Rule } from '../rule.js';

/**
 * Content type and property type names do not take names the CMS already uses
 * (config reservedTypeNames), scalar type names, or GraphQL's own root and ID types.
 */
export const reservedTypeNamesRule: Rule = {
  name: 'reserved-type-names',
  check({ sources, context }) {
    const found: Diagnostic[] = [];
    const reasons = new Map<string, string>();
    for (const name of GRAPHQL_BUILT_IN_TYPE_NAMES) reasons.set(name, 'is a type every GraphQL schema defines');
    for (const name of context.scalarTypes) reasons.set(name, 'is a scalar type');
    for (const name of context.reservedTypeNames) reasons.set(name, 'is a content type of the CMS (reservedTypeNames in the config)');
    for (const source of sources) {
      const named = [
        ...source.contentTypes.map((contentType) => ({ kind: 'content type', name: contentType.name, path: contentType.path })),
        ...source.propertyTypes.map((propertyType) => ({ kind: 'property type', name: propertyType.name, path: propertyType.path })),
      ];
      for (const { kind, name, path } of named) {
        const reason = reasons.get(name);
        if (reason === undefined) continue;
        found.push(
          diagnosticAt({ sourceMap: source.sourceMap, path }, 'GF_RESERVED_TYPE_NAME', `${kind} \`${name}\` cannot be used: \`${name}\` ${reason}; rename it`),
        );
      }
    }
    return found;
  },
};
