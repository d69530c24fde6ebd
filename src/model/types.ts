import type { JsonValue } from '../diagnostics/errors.js';

/**
 * Domain types of a content source, in the service's own vocabulary: the PUBLISHED
 * definition (Graph API 3.24.0 `ContentSource_V3`, docs/service-facts.md "The definition in full"),
 * which is wider than the contract. These are the wire shapes: what PUT sends and GET types
 * answers. graphform's own keys (id, data, import) live on SourceDeclaration.
 *
 * `unknownFields` holds, at each level, fields the service returned that graphform does not
 * know: kept verbatim (import writes them, the diff shows them, every request body carries
 * them at their level), so nothing the service holds is dropped because graphform is older.
 */

/** Fields graphform does not know, by name, with their JSON values, at one level of a definition. */
export type UnknownFields = Record<string, JsonValue>;

/** A property's `ref` (published `FieldRef`): what it refers to; both parts optional. */
export interface FieldRef {
  id?: string;
  type?: string;
}

export interface PropertyDefinition {
  /** A scalar (String, Int, …), a property type name, or a list form `[X]`. */
  type: string;
  searchable?: boolean;
  /** Stored only, not indexed: the vendor's client's flag (its values go as `Name___skip`, wire-names.ts). */
  skip?: boolean;
  index?: boolean;
  ref?: FieldRef;
  helpText?: string | null;
  unknownFields?: UnknownFields;
}

export interface PropertyTypeProperty {
  name: string;
  type: string;
  searchable?: boolean;
  skip?: boolean;
  index?: boolean;
  ref?: FieldRef;
  unknownFields?: UnknownFields;
}

export interface PropertyTypeDefinition {
  base?: string;
  abstract?: boolean;
  properties: Record<string, PropertyTypeProperty>;
  unknownFields?: UnknownFields;
}

export interface ContentTypeDefinition {
  abstract?: boolean;
  /** Names of the content types this one derives from; [] for a base type. */
  contentType: string[];
  /** The published `base` field (a string; what it does is not documented). */
  base?: string;
  displayName?: string | null;
  description?: string | null;
  sortOrder?: number;
  properties: Record<string, PropertyDefinition>;
  unknownFields?: UnknownFields;
}

/** A named link (published `LinkConfig`): a field of this source's items joined to a field of another's. */
export interface LinkDefinition {
  from: string;
  to: string;
  unknownFields?: UnknownFields;
}

export type SourcePreset = 'legacy' | 'next';

export interface SourceDefinition {
  /** Optional on the service (the published example creates a source without one). */
  label?: string | null;
  /**
   * The source's description. The published definition carries it; graphform also sets it
   * by POST sources (with the label), which is documented to keep types and items.
   */
  description?: string | null;
  languages: string[];
  preset?: SourcePreset;
  useTypedFieldNames?: boolean;
  links?: Record<string, LinkDefinition>;
  propertyTypes?: Record<string, PropertyTypeDefinition>;
  contentTypes: Record<string, ContentTypeDefinition>;
  unknownFields?: UnknownFields;
}

/**
 * Body of the partial update (POST types): languages and the changed content types, with the
 * source-level settings the source holds (links, useTypedFieldNames, preset, unknown fields)
 * carried unchanged, so a service that read their absence as "reset" could not lose them.
 */
export interface PartialTypesBody {
  languages: string[];
  contentTypes: Record<string, ContentTypeDefinition>;
  preset?: SourcePreset;
  useTypedFieldNames?: boolean;
  links?: Record<string, LinkDefinition>;
  unknownFields?: UnknownFields;
}

/** Where a value came from in the user's files; 1-based line and column. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** One declared source, as loaded and validated from a YAML file. */
export interface SourceDeclaration {
  id: string;
  definition: SourceDefinition;
  /** Globs of data files (graphform's own `data:` key), relative to the declaring file's folder. */
  data: string[];
  /** Where each `data:` entry is written in the declaring file (1-based), when it was read from one: a pattern's problems point there. */
  dataAt?: Array<{ line: number; column: number }>;
  /** Path of the declaring file, relative to the working directory. */
  file: string;
  /** graphform's own `import:` key: where `graphform assets sync` takes the source's items from. */
  import?: SourceImport;
  /** graphform's own `moved:` key: declared renames, in the order written. Absent: none. */
  moved?: MoveDeclaration[];
  /** graphform's own `convert:` key, by `Type.Property`: how values that do not convert are handled. Absent: none. */
  convert?: Record<string, ConversionDeclaration>;
  /** graphform's own `keep:` key. Absent: on, without defaults. */
  keep?: KeepDeclaration;
}

/** A declared rename: a content type or property type (`Name`), or a property of one (`Type.Property`). */
export interface MoveDeclaration {
  from: string;
  to: string;
}

export const CONVERSION_ON_ERROR = ['fail', 'drop-value', 'drop-item'] as const;
export type ConversionOnError = (typeof CONVERSION_ON_ERROR)[number];

export interface ConversionDeclaration {
  onError: ConversionOnError;
}

/** The item fields the service uses that a restore may have to write without reading them back. */
export const ITEM_SERVICE_FIELDS = ['Status', '_rbac', 'RolesWithReadAccess'] as const;
export type ItemServiceField = (typeof ITEM_SERVICE_FIELDS)[number];

/** One item as the content GraphQL endpoint serves it to the admin credentials (the keep step reads items back as these). */
export interface ServedItem {
  /** The concrete content type whose query field returned it. */
  type: string;
  /** The language code as declared (e.g. pt-BR): the query's locale. */
  language: string;
  /** `_id`: the action line's id. */
  id: string;
  /** The served ContentType array. */
  contentType: string[] | null;
  /** Declared properties (own and inherited) under their plain names, as served; nulls left out, at every level of an object. */
  values: Record<string, unknown>;
  /** The item fields the type serves among Status, _rbac and RolesWithReadAccess (readableItemFields); a null value is left out. */
  service: Partial<Record<ItemServiceField, string>>;
}

/** Whether a full update keeps the items (reads them back and pushes them again), and the values of item fields GraphQL does not serve. */
export interface KeepDeclaration {
  enabled: boolean;
  defaults: Partial<Record<ItemServiceField, string>>;
}

/** Which marketing platform assets become items of a source, and how (the declaration's `import:`). */
export interface SourceImport {
  from: 'assets';
  /** A concrete content type of the source. */
  contentType: string;
  /** One of the source's languages; absent means its first. */
  language?: string;
  /** Item property → asset field path (`title`, `content.value`). */
  mapping: Record<string, string>;
  filter?: AssetFilter;
}

export interface AssetFilter {
  type?: string[];
  folder?: string[];
  labels?: string[];
  /** false (default): only assets that are not archived; true: only archived ones. */
  archived?: boolean;
}

export const SCALAR_TYPES = ['String', 'Int', 'Float', 'Boolean', 'Date', 'DateTime'] as const;
