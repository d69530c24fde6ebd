/**
 * The content source definition as the service takes and answers it: the published Graph
 * API 3.24.0 `ContentSource_V3` and the schemas it references, field for field. This is the
 * emulator's own copy, independent of graphform's client model, so the emulator stays an
 * implementation of the service whatever the client's declarations become. A stored
 * definition is the accepted body itself, so GET types answers exactly what was sent.
 */

/** `Preset`. */
export type PresetV3 = 'legacy' | 'next';

/** `FieldRef`: what a property refers to; both parts optional. */
export interface FieldRefV3 {
  id?: string;
  type?: string;
}

/** `LinkConfig`: a named join of this source's items to another's. */
export interface LinkConfigV3 {
  from: string;
  to: string;
}

/** `Property_V3`, a property of a property type; `name` is the contract's, absent from the published schema. */
export interface PropertyV3 {
  name?: string;
  type: string;
  searchable?: boolean;
  /** Not in the published file: the vendor's client (graph-source-sdk) sends it beside `searchable` for a stored-only field. */
  skip?: boolean;
  index?: boolean;
  ref?: FieldRefV3;
}

/** `PropertyType_V3`. */
export interface PropertyTypeV3 {
  base?: string;
  abstract?: boolean;
  properties?: Record<string, PropertyV3>;
}

/** `ContentTypeProperty_V3`. */
export interface ContentTypePropertyV3 {
  /** A scalar (String, Int, …), a property type name, or a list form `[X]`. */
  type: string;
  searchable?: boolean;
  /** As on PropertyV3: the vendor's client's stored-only flag. */
  skip?: boolean;
  index?: boolean;
  ref?: FieldRefV3;
  helpText?: string | null;
}

/** `ContentType_V3`. */
export interface ContentTypeV3 {
  /** Names of the content types this one derives from; [] for a base type. */
  contentType: string[];
  abstract?: boolean;
  base?: string;
  displayName?: string | null;
  description?: string | null;
  sortOrder?: number;
  properties?: Record<string, ContentTypePropertyV3>;
}

/** `ContentSource_V3`: the body of PUT and POST types, and what GET types answers. */
export interface ContentSourceV3 {
  label?: string | null;
  description?: string | null;
  /** Absent means [] (the published default). */
  languages?: string[];
  propertyTypes?: Record<string, PropertyTypeV3>;
  contentTypes?: Record<string, ContentTypeV3>;
  links?: Record<string, LinkConfigV3>;
  useTypedFieldNames?: boolean;
  preset?: PresetV3;
}
