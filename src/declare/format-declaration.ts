import { Document, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';
import type { ContentTypeDefinition, PropertyDefinition, PropertyTypeDefinition, SourceDefinition } from '../model/types.js';

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
 * label, description, languages, propertyTypes, contentTypes), properties and short lists
 * in flow style, defaults left out, and a header saying where it came from. Pure.
 *
 * The nodes are built one by one rather than from a plain object so that a name such as
 * `constructor` stays data, and so each node can carry its own style.
 */
export function formatDeclaration(id: string, definition: SourceDefinition, origin: DeclarationOrigin): string {
  const doc = new Document();
  const root = new YAMLMap();
  add(root, 'id', new Scalar(id));
  add(root, 'label', new Scalar(definition.label));
  if (definition.description !== undefined && definition.description !== '') add(root, 'description', new Scalar(definition.description));
  add(root, 'languages', flowList(definition.languages));
  const propertyTypes = Object.entries(definition.propertyTypes ?? {});
  if (propertyTypes.length > 0) add(root, 'propertyTypes', block(propertyTypes.map(([name, type]) => [name, propertyTypeNode(type)])));
  add(root, 'contentTypes', block(Object.entries(definition.contentTypes).map(([name, type]) => [name, contentTypeNode(type)])));
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

function contentTypeNode(contentType: ContentTypeDefinition): YAMLMap {
  const map = new YAMLMap();
  if (contentType.abstract === true) add(map, 'abstract', new Scalar(true));
  add(map, 'contentType', flowList(contentType.contentType));
  add(map, 'properties', block(Object.entries(contentType.properties).map(([name, property]) => [name, propertyNode(property)])));
  return map;
}

/** `{ type: String, searchable: true }`; `searchable: false` is the default and left out. */
function propertyNode(property: PropertyDefinition): YAMLMap {
  const map = flowMap();
  add(map, 'type', new Scalar(property.type));
  if (property.searchable === true) add(map, 'searchable', new Scalar(true));
  return map;
}

/** A property type's properties, `name` left out where it equals the key (graphform fills it in). */
function propertyTypeNode(propertyType: PropertyTypeDefinition): YAMLMap {
  const properties = Object.entries(propertyType.properties).map(([key, property]): [string, Node] => {
    const map = flowMap();
    if (property.name !== key && property.name !== '') add(map, 'name', new Scalar(property.name));
    add(map, 'type', new Scalar(property.type));
    return [key, map];
  });
  const map = new YAMLMap();
  add(map, 'properties', block(properties));
  return map;
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
