import { Document, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';
import type { ContentTypeDefinition, LinkDefinition, PropertyDefinition, PropertyTypeDefinition, SourceDefinition, UnknownFields } from '../model/types.js';

/** Where a declaration written by `graphform import` came from, for its header comment. */
export interface DeclarationOrigin {
  /** The environment the source was read from. */
  environment: string;
  toolVersion: string;
  /** When it was read (ISO 8601, from the command's clock). */
  importedAt: string;
  /** The schema's path relative to the file, for the yaml-language-server line. */
  schemaPath: string;
}

/**
 * A source's declaration as a person would write it: keys in the order of the docs (id,
 * label, description, languages, preset, useTypedFieldNames, links, propertyTypes,
 * contentTypes, unknownFields), every field the service holds, properties and short lists
 * in flow style, defaults left out, and a header saying where it came from. Pure.
 *
 * The nodes are built one by one rather than from a plain object so that a name such as
 * `constructor` stays data, and so each node can carry its own style.
 */
export function formatDeclaration(id: string, definition: SourceDefinition, origin: DeclarationOrigin): string {
  const doc = new Document();
  const root = new YAMLMap();
  add(root, 'id', new Scalar(id));
  addText(root, 'label', definition.label);
  addText(root, 'description', definition.description);
  add(root, 'languages', flowList(definition.languages));
  if (definition.preset !== undefined) add(root, 'preset', new Scalar(definition.preset));
  if (definition.useTypedFieldNames !== undefined) add(root, 'useTypedFieldNames', new Scalar(definition.useTypedFieldNames));
  const links = Object.entries(definition.links ?? {});
  if (links.length > 0) add(root, 'links', block(links.map(([name, link]) => [name, linkNode(doc, link)])));
  const propertyTypes = Object.entries(definition.propertyTypes ?? {});
  if (propertyTypes.length > 0) add(root, 'propertyTypes', block(propertyTypes.map(([name, type]) => [name, propertyTypeNode(doc, type)])));
  add(root, 'contentTypes', block(Object.entries(definition.contentTypes).map(([name, type]) => [name, contentTypeNode(doc, type)])));
  addUnknown(doc, root, definition.unknownFields);
  doc.contents = root;
  // On the map rather than the document: no blank line between the header and `id`.
  root.commentBefore = [
    ` yaml-language-server: $schema=${origin.schemaPath}`,
    ` Imported by graphform ${origin.toolVersion} (\`graphform import ${id}\`) from environment ${origin.environment}`,
    ` at ${origin.importedAt}: the definition the service had then. Edit it like any declaration.`,
  ].join('\n');
  // lineWidth 0: a long label or description stays on one line, as a person would type it.
  const text = doc.toString({ lineWidth: 0, flowCollectionPadding: true });
  // The yaml package pads flow maps and lists alike; people write `{ type: Int }` but
  // `[en, sv]`. Only these two keys hold flow lists, each on a line of its own.
  return text.replace(/^( *(?:languages|contentType): )\[ (.*) \]$/gm, '$1[$2]');
}

function contentTypeNode(doc: Document, contentType: ContentTypeDefinition): YAMLMap {
  const map = new YAMLMap();
  if (contentType.abstract === true) add(map, 'abstract', new Scalar(true));
  if (contentType.base !== undefined) add(map, 'base', new Scalar(contentType.base));
  add(map, 'contentType', flowList(contentType.contentType));
  addText(map, 'displayName', contentType.displayName);
  addText(map, 'description', contentType.description);
  if (contentType.sortOrder !== undefined) add(map, 'sortOrder', new Scalar(contentType.sortOrder));
  add(map, 'properties', block(Object.entries(contentType.properties).map(([name, property]) => [name, propertyNode(doc, property)])));
  addUnknown(doc, map, contentType.unknownFields);
  return map;
}

/**
 * `{ type: String, searchable: true }`; `searchable: false` is the default and left out. A
 * property with help text or unknown fields is written as a block, which reads better.
 */
function propertyNode(doc: Document, property: PropertyDefinition): YAMLMap {
  const map = property.unknownFields === undefined && (property.helpText ?? '') === '' ? flowMap() : new YAMLMap();
  add(map, 'type', new Scalar(property.type));
  addFlags(doc, map, property);
  addText(map, 'helpText', property.helpText);
  addUnknown(doc, map, property.unknownFields);
  return map;
}

/** searchable and skip (true only), index and ref: what content type and property type properties share. */
function addFlags(doc: Document, map: YAMLMap, property: Pick<PropertyDefinition, 'searchable' | 'skip' | 'index' | 'ref'>): void {
  if (property.searchable === true) add(map, 'searchable', new Scalar(true));
  if (property.skip === true) add(map, 'skip', new Scalar(true));
  if (property.index !== undefined) add(map, 'index', new Scalar(property.index));
  if (property.ref !== undefined) add(map, 'ref', flowNode(doc, property.ref));
}

/** A property type's properties, `name` left out where it equals the key (graphform fills it in). */
function propertyTypeNode(doc: Document, propertyType: PropertyTypeDefinition): YAMLMap {
  const properties = Object.entries(propertyType.properties).map(([key, property]): [string, Node] => {
    const map = property.unknownFields === undefined ? flowMap() : new YAMLMap();
    if (property.name !== key && property.name !== '') add(map, 'name', new Scalar(property.name));
    add(map, 'type', new Scalar(property.type));
    addFlags(doc, map, property);
    addUnknown(doc, map, property.unknownFields);
    return [key, map];
  });
  const map = new YAMLMap();
  if (propertyType.base !== undefined) add(map, 'base', new Scalar(propertyType.base));
  if (propertyType.abstract === true) add(map, 'abstract', new Scalar(true));
  add(map, 'properties', block(properties));
  addUnknown(doc, map, propertyType.unknownFields);
  return map;
}

function linkNode(doc: Document, link: LinkDefinition): YAMLMap {
  const map = link.unknownFields === undefined ? flowMap() : new YAMLMap();
  add(map, 'from', new Scalar(link.from));
  add(map, 'to', new Scalar(link.to));
  addUnknown(doc, map, link.unknownFields);
  return map;
}

/** An optional text field; null and "" mean none and are left out. */
function addText(map: YAMLMap, key: string, value: string | null | undefined): void {
  if (value !== undefined && value !== null && value !== '') add(map, key, new Scalar(value));
}

/** The fields graphform does not know, verbatim, under `unknownFields`. */
function addUnknown(doc: Document, map: YAMLMap, fields: UnknownFields | undefined): void {
  const entries = Object.entries(fields ?? {});
  if (entries.length === 0) return;
  add(map, 'unknownFields', block(entries.map(([name, value]) => [name, flowNode(doc, value)])));
}

/** A JSON value as a YAML node; objects and lists in flow style. */
function flowNode(doc: Document, value: unknown): Node {
  const node = doc.createNode(value);
  if (node instanceof YAMLMap || node instanceof YAMLSeq) node.flow = true;
  return node as Node;
}

function block(entries: readonly (readonly [string, Node])[]): YAMLMap {
  const map = new YAMLMap();
  for (const [key, value] of entries) add(map, key, value);
  // An empty map has no block form: it reads `{}`.
  if (entries.length === 0) map.flow = true;
  return map;
}

function flowMap(): YAMLMap {
  const map = new YAMLMap();
  map.flow = true;
  return map;
}

function flowList(values: readonly string[]): YAMLSeq {
  const seq = new YAMLSeq();
  seq.flow = true;
  for (const value of values) seq.items.push(new Scalar(value));
  return seq;
}

function add(map: YAMLMap, key: string, value: Node): void {
  map.items.push(new Pair(new Scalar(key), value));
}
