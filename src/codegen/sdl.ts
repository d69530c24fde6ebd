import { ancestorsOf, effectiveProperties } from '../data/validate/item-schema.js';
import { compareText } from '../model/canonical.js';
import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { parseTypeReference } from '../validate/type-reference.js';

/** GraphQL's own scalars: declared by every schema, never by the preview. */
const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);
/**
 * Declared in every preview, used or not: a source that starts or stops using dates adds or
 * removes no type, so the plan's GraphQL impact never reports the scalar itself.
 */
const DATE_SCALARS = ['Date', 'DateTime'];

/**
 * What the service does with `useTypedFieldNames` is not published, so the preview keeps the
 * declared field names and says so where the source sets it.
 */
const TYPED_FIELD_NAMES_NOTE = (value: boolean): string =>
  `# useTypedFieldNames: ${String(value)}. How the service names GraphQL fields under it is not\n# documented: this preview shows the declared property names.`;

/**
 * The GraphQL types a source adds, as SDL: an interface per abstract content type, an
 * object type per concrete one (implementing the interfaces of its abstract ancestors,
 * with every inherited field, since GraphQL copies fields rather than inheriting them), an
 * object type per property type, and the custom scalars. Lists stay lists (`[String]`).
 * Fields keep their declared order; types are sorted by name, so the text is deterministic.
 * A concrete base type has no interface of its own: its fields are copied into its
 * derived types. `header` lines become `#` comments at the top.
 */
export function sourceSdl(definition: SourceDefinition, header: readonly string[] = []): string {
  const blocks: string[] = [];
  if (header.length > 0) blocks.push(header.map((line) => (line === '' ? '#' : `# ${line}`)).join('\n'));
  if (definition.useTypedFieldNames !== undefined) blocks.push(TYPED_FIELD_NAMES_NOTE(definition.useTypedFieldNames));
  blocks.push(
    scalars(definition)
      .map((name) => `scalar ${name}`)
      .join('\n'),
  );
  const names = sortedNames(definition.contentTypes);
  const abstract = (name: string): boolean => ownValue(definition.contentTypes, name)?.abstract === true;
  for (const name of names.filter(abstract)) blocks.push(typeBlock('interface', name, definition));
  for (const name of names.filter((n) => !abstract(n))) blocks.push(typeBlock('type', name, definition));
  for (const name of sortedNames(definition.propertyTypes ?? {})) {
    const fields = Object.entries(ownValue(definition.propertyTypes, name)?.properties ?? {}).map(([field, property]) => [field, property.type] as const);
    blocks.push(block(`type ${name}`, fields));
  }
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The names of the types sourceSdl declares, in its order (scalars, interfaces, object
 * types, property types), worked out without writing any field: what a plan that creates a
 * source lists as added.
 */
export function sdlTypeNames(definition: SourceDefinition): string[] {
  const names = sortedNames(definition.contentTypes);
  const abstract = (name: string): boolean => ownValue(definition.contentTypes, name)?.abstract === true;
  return [...scalars(definition), ...names.filter(abstract), ...names.filter((n) => !abstract(n)), ...sortedNames(definition.propertyTypes ?? {})];
}

/** The SDL of a source that does not exist: only the scalars every preview declares. */
export function scalarsOnlySdl(): string {
  return `${DATE_SCALARS.map((name) => `scalar ${name}`).join('\n')}\n`;
}

function typeBlock(keyword: 'interface' | 'type', name: string, definition: SourceDefinition): string {
  const interfaces = ancestorsOf(definition, name).filter((base) => ownValue(definition.contentTypes, base)?.abstract === true);
  const implementing = interfaces.length === 0 ? '' : ` implements ${interfaces.join(' & ')}`;
  return block(`${keyword} ${name}${implementing}`, Object.entries(effectiveProperties(definition, name)));
}

/** A type without fields is written without braces: `{}` is not valid SDL. */
function block(head: string, fields: readonly (readonly [string, string])[]): string {
  if (fields.length === 0) return head;
  return [`${head} {`, ...fields.map(([field, type]) => `  ${field}: ${graphqlType(type)}`), '}'].join('\n');
}

/** `[X]` stays a list; every name is used as declared (scalars and property types alike). */
function graphqlType(type: string): string {
  const reference = parseTypeReference(type);
  if (!reference.ok) return type;
  return reference.list ? `[${reference.name}]` : reference.name;
}

/** Date and DateTime, plus every other custom scalar (from the config's scalarTypes) the source uses. */
function scalars(definition: SourceDefinition): string[] {
  const propertyTypes = new Set(Object.keys(definition.propertyTypes ?? {}));
  const used = new Set<string>();
  const note = (type: string): void => {
    const reference = parseTypeReference(type);
    if (reference.ok && !BUILT_IN_SCALARS.has(reference.name) && !propertyTypes.has(reference.name)) used.add(reference.name);
  };
  for (const contentType of Object.values(definition.contentTypes)) for (const property of Object.values(contentType.properties)) note(property.type);
  for (const propertyType of Object.values(definition.propertyTypes ?? {})) for (const property of Object.values(propertyType.properties)) note(property.type);
  const others = [...used].filter((name) => !DATE_SCALARS.includes(name)).sort(compareText);
  return [...DATE_SCALARS, ...others];
}

function sortedNames(record: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(record).sort(compareText);
}
