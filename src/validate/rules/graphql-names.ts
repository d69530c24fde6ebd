import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DeclarationPath } from '../../load/source-map.js';
import { describeSubject } from '../describe.js';
import { explainInvalidName, GRAPHQL_NAME } from '../graphql-name.js';
import { diagnosticAt, type At, type Rule } from '../rule.js';
import type { SourceView } from '../source-view.js';

interface NamedThing {
  name: string;
  /** How the message names it, e.g. content type `Product`, and where it points: worked out only for a message. */
  label: () => string;
  path: () => DeclarationPath;
  where: 'key' | 'value';
}

/**
 * Content type, property type and property names become GraphQL type and field names:
 * they must match GraphQL's Name, and `__` is reserved for GraphQL's introspection.
 */
export const graphqlNamesRule: Rule = {
  name: 'graphql-names',
  check({ sources }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      for (const thing of namedThings(source)) {
        const at = (): At => ({ sourceMap: source.sourceMap, path: thing.path(), where: thing.where });
        if (thing.name.startsWith('__')) {
          found.push(
            diagnosticAt(at(), 'GF_RESERVED_NAME', `${thing.label()} starts with \`__\`, which GraphQL reserves for its own types and fields; rename it`),
          );
        } else if (!GRAPHQL_NAME.test(thing.name)) {
          found.push(diagnosticAt(at(), 'GF_INVALID_NAME', `${thing.label()} is not a valid GraphQL name: ${explainInvalidName(thing.name)}`));
        }
      }
    }
    return found;
  },
};

function namedThings(source: SourceView): NamedThing[] {
  const things: NamedThing[] = [];
  const add = (name: string, owner: { path: DeclarationPath }): void => {
    things.push({ name, label: () => describeSubject(owner.path), path: () => owner.path, where: 'key' });
  };
  for (const contentType of source.contentTypes) {
    add(contentType.name, contentType);
    for (const property of contentType.properties) add(property.name, property);
  }
  for (const propertyType of source.propertyTypes) {
    add(propertyType.name, propertyType);
    for (const property of propertyType.properties) {
      add(property.name, property);
      // An explicit `name` equal to the key was already checked with the key.
      if (property.nameField !== undefined && property.nameField !== property.name) {
        const nameField = property.nameField;
        things.push({
          name: nameField,
          label: () => `name \`${nameField}\` of ${describeSubject(property.path)}`,
          path: () => [...property.path, 'name'],
          where: 'value',
        });
      }
    }
  }
  return things;
}
