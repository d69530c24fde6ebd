/**
 * GENERATED FILE: do not edit. Generated from content-source.schema.json by
 * scripts/generate-types.mjs (npm run generate:types); a test fails when it drifts.
 */

/**
 * One custom content source of the graph service, declared for graphform. Everything except `id`, `data`, `import`, `moved`, `convert` and `keep` is the service's own definition (the published `ContentSource_V3`) and is sent as declared; `unknownFields` at any level holds fields the service has that graphform does not know, sent back verbatim.
 */
export interface ContentSourceDeclaration {
  /**
   * The content source id used in every call to the graph service: 1 to 4 characters, lowercase a-z and digits 0-9 only. Changing it means a different source.
   */
  id: string;
  /**
   * Human-readable label of the source. Optional: the service keeps a source without one.
   */
  label?: string;
  /**
   * The source's description. It is part of the published definition; graphform also sets it with the label by POST /api/content/v3/sources, which keeps every item, so changing it never deletes data.
   */
  description?: string;
  /**
   * Language codes of the source's content, e.g. [en, sv]. At least one; each once.
   *
   * @minItems 1
   *
   * Items: A language code such as en, sv or pt-BR.
   */
  languages: [string, ...string[]];
  /**
   * The published `preset` of the source: `legacy` or `next`. What it changes on the service is not documented; a change of it goes by a full update (which deletes the source's items).
   */
  preset?: 'legacy' | 'next';
  /**
   * The published `useTypedFieldNames` switch. The vendor's client sets it and then sends each scalar property with its type in the field name (`Name$$String`, `Name$$String___searchable`); GraphQL serves the declared names. A change of it goes by a full update (which deletes the source's items), and the data-files re-push sends them under the new names.
   */
  useTypedFieldNames?: boolean;
  /**
   * Named links (published `LinkMap`): each joins a field of this source's items (`from`) to a field of another source's items (`to`). A change of them goes by a full update (which deletes the source's items), since the record does not say a partial update applies them.
   */
  links?: {
    [k: string]: Link;
  };
  /**
   * Named groups of properties that content type properties can use as their type, alone (`Dimensions`) or as a list (`[Dimensions]`).
   */
  propertyTypes?: {
    [k: string]: PropertyType;
  };
  /**
   * The source's content types by name. Names are GraphQL type names and must be unique across all sources and the CMS.
   */
  contentTypes: {
    [k: string]: ContentType;
  };
  /**
   * graphform's own key: glob patterns of NDJSON/JSON data files holding items of this source, relative to this file's folder.
   *
   * Items: A glob such as data/shop/*.ndjson.
   */
  data?: string[];
  import?: Import;
  /**
   * graphform's own key: declared renames, so a full update carries the items over instead of planning a removal and an addition. Each entry names a content type (`ReleaseNote` to `Changelog`), a property (`Article.Summary` to `Article.Abstract`), a property type (`Dimensions` to `Size`) or a property type's property (`Size.Width` to `Size.W`). Entries may stay after they are applied (they then change nothing) and may chain.
   */
  moved?: Move[];
  /**
   * graphform's own key: type changes that are not safe by construction, by `Type.Property` (a content type's or a property type's property). The target type is the declared one; strings parse strictly as numbers, booleans and dates. Int to Float, a scalar to String and X to [X] need no entry.
   */
  convert?: {
    [k: string]: Conversion;
  };
  /**
   * graphform's own key: whether a full update (which deletes every item of the source) first reads the items back and pushes them again afterwards. On by default; `false` turns it off for a source whose items all come from elsewhere. `defaults` supplies the item fields GraphQL does not serve back (`_rbac`, `RolesWithReadAccess`, `Status` where not served); without them such items count as lost.
   */
  keep?:
    | boolean
    | {
        /**
         * Values for the item fields GraphQL does not serve back, written into every carried-over item that lacks them. A value GraphQL does serve is kept as it was.
         */
        defaults?: {
          /**
           * Published or Draft.
           */
          Status?: 'Published' | 'Draft';
          /**
           * The item's `_rbac` string, e.g. r:Everyone:Read.
           */
          _rbac?: string;
          /**
           * The item's RolesWithReadAccess string.
           */
          RolesWithReadAccess?: string;
        };
      };
  /**
   * Fields of the source that the service holds and graphform does not know (written by `graphform import`): kept, compared and sent back verbatim at this level, so nothing the service holds is dropped. Any JSON values; a field graphform knows belongs outside this block.
   */
  unknownFields?: {
    [k: string]: unknown;
  };
}
/**
 * A link (published `LinkConfig`): `from` a field of this source's items `to` a field of another source's items.
 */
export interface Link {
  /**
   * The field of this source's items.
   */
  from: string;
  /**
   * The field of the other source's items.
   */
  to: string;
  /**
   * Fields of the link that the service holds and graphform does not know (written by `graphform import`): kept, compared and sent back verbatim at this level, so nothing the service holds is dropped. Any JSON values; a field graphform knows belongs outside this block.
   */
  unknownFields?: {
    [k: string]: unknown;
  };
}
/**
 * A property type: a named group of properties.
 */
export interface PropertyType {
  /**
   * The published `base` of a property type (a string; what it does is not documented).
   */
  base?: string;
  /**
   * The published `abstract` flag of a property type.
   */
  abstract?: boolean;
  /**
   * The property type's properties by name.
   */
  properties: {
    [k: string]: PropertyTypeProperty;
  };
  /**
   * Fields of the property type that the service holds and graphform does not know (written by `graphform import`): kept, compared and sent back verbatim at this level, so nothing the service holds is dropped. Any JSON values; a field graphform knows belongs outside this block.
   */
  unknownFields?: {
    [k: string]: unknown;
  };
}
/**
 * A property of a property type.
 */
export interface PropertyTypeProperty {
  /**
   * The property's name as the service stores it. Optional: graphform fills it from the key.
   */
  name?: string;
  /**
   * A scalar (String, Int, Float, Boolean, Date, DateTime), a property type of this source, or a list of either written [X].
   */
  type: string;
  /**
   * True makes the property full-text searchable: its values are sent as `Name___searchable`.
   */
  searchable?: boolean;
  /**
   * True stores the property without indexing it (the vendor's client's `skip` flag): its values are sent as `Name___skip`. Not in the published API file; a change of it goes by a full update (which deletes the source's items), and the data-files re-push sends them under the new name.
   */
  skip?: boolean;
  /**
   * The published `index` flag. Changed by a partial update, like `searchable`; an explicit false is kept, since the service's default is not published.
   */
  index?: boolean;
  /**
   * The published `ref` (`FieldRef`): what the property refers to. A change of it goes by a full update.
   */
  ref?: {
    /**
     * The id part of the reference.
     */
    id?: string;
    /**
     * The type part of the reference.
     */
    type?: string;
  };
  /**
   * Fields of the property that the service holds and graphform does not know (written by `graphform import`): kept, compared and sent back verbatim at this level, so nothing the service holds is dropped. Any JSON values; a field graphform knows belongs outside this block.
   */
  unknownFields?: {
    [k: string]: unknown;
  };
}
/**
 * A content type of the source.
 */
export interface ContentType {
  /**
   * True marks a content type that is only a base for others.
   */
  abstract?: boolean;
  /**
   * Names of the content types of this source that this one derives from; [] for a base type.
   *
   * Items: The name of a content type of this source.
   */
  contentType: string[];
  /**
   * The published `base` field (a string; what it does is not documented, so a change of it goes by a full update).
   */
  base?: string;
  /**
   * The name people see. Display metadata: changed by a partial update, which keeps the items.
   */
  displayName?: string | null;
  /**
   * What the content type holds. Display metadata: changed by a partial update, which keeps the items.
   */
  description?: string | null;
  /**
   * Where the content type sorts among the others. Display metadata: changed by a partial update, which keeps the items.
   */
  sortOrder?: number;
  /**
   * The content type's properties by name; {} for none.
   */
  properties: {
    [k: string]: Property;
  };
  /**
   * Fields of the content type that the service holds and graphform does not know (written by `graphform import`): kept, compared and sent back verbatim at this level, so nothing the service holds is dropped. Any JSON values; a field graphform knows belongs outside this block.
   */
  unknownFields?: {
    [k: string]: unknown;
  };
}
/**
 * A property of a content type.
 */
export interface Property {
  /**
   * A scalar (String, Int, Float, Boolean, Date, DateTime), a property type of this source, or a list of either written [X].
   */
  type: string;
  /**
   * True makes the property full-text searchable: its values are sent as `Name___searchable`. Searchable properties cost the most of the account's indexed-field allowance.
   */
  searchable?: boolean;
  /**
   * True stores the property without indexing it (the vendor's client's `skip` flag): its values are sent as `Name___skip`. Not in the published API file; a change of it goes by a full update (which deletes the source's items), and the data-files re-push sends them under the new name.
   */
  skip?: boolean;
  /**
   * The published `index` flag. Changed by a partial update, like `searchable`; an explicit false is kept, since the service's default is not published.
   */
  index?: boolean;
  /**
   * The published `ref` (`FieldRef`): what the property refers to. A change of it goes by a full update.
   */
  ref?: {
    /**
     * The id part of the reference.
     */
    id?: string;
    /**
     * The type part of the reference.
     */
    type?: string;
  };
  /**
   * Help for editors. Display metadata: changed by a partial update, which keeps the items.
   */
  helpText?: string | null;
  /**
   * Fields of the property that the service holds and graphform does not know (written by `graphform import`): kept, compared and sent back verbatim at this level, so nothing the service holds is dropped. Any JSON values; a field graphform knows belongs outside this block.
   */
  unknownFields?: {
    [k: string]: unknown;
  };
}
/**
 * graphform's own key: where `graphform assets sync <id>` takes this source's items from. Each marketing platform asset that passes `filter` becomes one item of `contentType` in `language`, with `_id` the asset's id (so a second sync updates items instead of adding more) and each property of `mapping` filled from an asset field. `apply` never syncs by itself.
 */
export interface Import {
  /**
   * Where the items come from; only `assets` (the marketing platform's Open API, GET /v3/assets) for now.
   */
  from: 'assets';
  /**
   * The content type of every imported item: a content type of this source that is not abstract. Its base types are added to each item's ContentType.
   */
  contentType: string;
  /**
   * The language of every imported item: one of this source's languages. Default: the first of them.
   */
  language?: string;
  /**
   * Item property → asset field path, e.g. Name: title, Body: content.value. Properties are those of the content type (inherited ones included); a field the asset lacks, or holds null, leaves the property out.
   */
  mapping: {
    /**
     * A field of the asset, with dots for nested fields: title, type, folder_id, created_at, modified_at, content.value, links.self, labels.0.values.0.name …
     */
    [k: string]: string;
  };
  filter?: ImportFilter;
}
/**
 * Which assets to import; every condition given must hold.
 */
export interface ImportFilter {
  /**
   * Only assets of these types.
   *
   * @minItems 1
   *
   * Items: An asset type of the marketing platform.
   */
  type?: [
    'article' | 'image' | 'video' | 'raw_file' | 'structured_content',
    ...('article' | 'image' | 'video' | 'raw_file' | 'structured_content')[]
  ];
  /**
   * Only assets in one of these folders (the asset's folder_id).
   *
   * @minItems 1
   *
   * Items: A folder id of the marketing platform.
   */
  folder?: [string, ...string[]];
  /**
   * Only assets carrying at least one of these labels. An entry matches a label value by its name (`Spring 2025`), by its id, or by group and value names written `Group: Value` (`Campaign: Spring 2025`); names are compared exactly. Matched by graphform on the listed assets (the Open API filters labels by ids only).
   *
   * @minItems 1
   *
   * Items: An asset label.
   */
  labels?: [string, ...string[]];
  /**
   * false (the default): only assets that are not archived; true: only archived ones.
   */
  archived?: boolean;
}
/**
 * One declared rename.
 */
export interface Move {
  /**
   * The old name: `Type`, or `Type.Property`.
   */
  from: string;
  /**
   * The new name, declared in this file: `Type`, or `Type.Property`.
   */
  to: string;
}
/**
 * How values that do not convert to the declared type are handled.
 */
export interface Conversion {
  /**
   * `fail` (the default): the plan stops and names the first items whose values do not convert; `drop-value`: such items are kept without the value; `drop-item`: such items are not carried over (counted as lost).
   */
  onError?: 'fail' | 'drop-value' | 'drop-item';
}
