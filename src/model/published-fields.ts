/**
 * The fields of the published definition (Graph API 3.24.0, `ContentSource_V3`) at each
 * level, under the service's names. A field outside these lists is one graphform does not
 * know: read into `unknownFields`, and refused there when a declaration writes a known one.
 * `skip` is not in the published file: the vendor's own client sends it beside `searchable`
 * (docs/service-facts.md, "Data field names"), so graphform knows it as a field of its own.
 */
export const PUBLISHED_FIELDS = {
  source: ['label', 'description', 'languages', 'preset', 'useTypedFieldNames', 'links', 'propertyTypes', 'contentTypes'],
  contentType: ['abstract', 'base', 'contentType', 'displayName', 'description', 'sortOrder', 'properties'],
  property: ['type', 'searchable', 'skip', 'index', 'ref', 'helpText'],
  propertyType: ['base', 'abstract', 'properties'],
  /** The contract's example also sends `name` here; the published schema does not have it. */
  propertyTypeProperty: ['name', 'type', 'searchable', 'skip', 'index', 'ref'],
  link: ['from', 'to'],
} as const satisfies Record<string, readonly string[]>;

export type DefinitionLevel = keyof typeof PUBLISHED_FIELDS;
