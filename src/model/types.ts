/**
 * Domain types of a content source, in the service's own vocabulary
 * (service-api.md "Content source definition"). These are the wire shapes: what PUT
 * sends and GET types answers. graphform's own keys (id, data) live on SourceDeclaration.
 */

export interface PropertyDefinition {
  /** A scalar (String, Int, …), a property type name, or a list form `[X]`. */
  type: string;
  searchable?: boolean;
}

export interface PropertyTypeProperty {
  name: string;
  type: string;
}

export interface PropertyTypeDefinition {
  properties: Record<string, PropertyTypeProperty>;
}

export interface ContentTypeDefinition {
  abstract?: boolean;
  /** Names of the content types this one derives from; [] for a base type. */
  contentType: string[];
  properties: Record<string, PropertyDefinition>;
}

export interface SourceDefinition {
  label: string;
  /**
   * The source's description (graphform's `description` key). It is no part of the types
   * endpoints' body: it travels by POST sources (with the label), never in a PUT or POST types.
   */
  description?: string;
  languages: string[];
  propertyTypes?: Record<string, PropertyTypeDefinition>;
  contentTypes: Record<string, ContentTypeDefinition>;
}

/** Body of the partial update (POST types): only languages and the changed content types. */
export interface PartialTypesBody {
  languages: string[];
  contentTypes: Record<string, ContentTypeDefinition>;
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
  /** Path of the declaring file, relative to the working directory. */
  file: string;
  /** graphform's own `import:` key: where `graphform assets sync` takes the source's items from. */
  import?: SourceImport;
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
