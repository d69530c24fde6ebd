import { checkReferences } from './definition-references.js';
import { boolean, closedObject, fail, mapOf, nullableString, number, oneOf, run, string, stringArray, type Check, type ShapeResult } from './shape-check.js';
import type { ContentSourceV3 } from './wire-definition.js';

/**
 * The service's checks on a types body, after the published `ContentSource_V3` and the
 * schemas it references: every published field with its type, nothing else (the schemas say
 * `additionalProperties: false`), the required ones present, and type and content type names
 * that are GraphQL names.
 */

const GRAPHQL_NAME = /^(?!__)[_A-Za-z][_0-9A-Za-z]*$/;

const graphqlName = (key: string, path: string): void => {
  if (!GRAPHQL_NAME.test(key)) fail(`${path}.${key}: "${key}" is not a valid GraphQL name`);
};

/**
 * `FieldRef` and `LinkConfig` do not say `additionalProperties: false` in the published file;
 * the emulator closes them too, so it never stores a field it could not read back as sent.
 */
const fieldRef = closedObject({ id: string, type: string });
const link = closedObject({ from: string, to: string }, ['from', 'to']);

/**
 * `Property_V3`, plus `name`, which the contract's example sends and the published schema
 * lacks, and `skip`, which the vendor's own client (graph-source-sdk) sends beside
 * `searchable` on every property: refusing it would refuse that client.
 */
const propertyTypeProperty = closedObject({ name: string, type: string, searchable: boolean, skip: boolean, index: boolean, ref: fieldRef }, ['type']);

const contentTypeProperty = closedObject({ type: string, searchable: boolean, skip: boolean, index: boolean, ref: fieldRef, helpText: nullableString }, [
  'type',
]);

const propertyType = closedObject({ base: string, abstract: boolean, properties: mapOf(propertyTypeProperty, graphqlName) });

const contentType = closedObject(
  {
    contentType: stringArray,
    abstract: boolean,
    base: string,
    displayName: nullableString,
    description: nullableString,
    sortOrder: number,
    properties: mapOf(contentTypeProperty, graphqlName),
  },
  ['contentType'],
);

const contentSource: Check = closedObject({
  label: nullableString,
  description: nullableString,
  languages: stringArray,
  propertyTypes: mapOf(propertyType, graphqlName),
  contentTypes: mapOf(contentType, graphqlName),
  links: mapOf(link),
  useTypedFieldNames: boolean,
  preset: oneOf(['legacy', 'next']),
});

/** A body of the published shape, as it came (the stored definition is the body itself). */
function shaped(body: unknown): ContentSourceV3 {
  contentSource(body, '');
  return body as ContentSourceV3;
}

/** Body of PUT types: the whole definition, whole in itself. */
export function checkFullDefinition(body: unknown): ShapeResult<ContentSourceV3> {
  return run(() => {
    const definition = shaped(body);
    checkReferences(definition);
    return definition;
  });
}

/** Body of POST types: the same published shape; its references are checked once merged (partial-merge.ts). */
export function checkPartialBody(body: unknown): ShapeResult<ContentSourceV3> {
  return run(() => shaped(body));
}
