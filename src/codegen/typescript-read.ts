import { ancestorsOf, effectiveProperties } from '../data/validate/item-schema.js';
import { compareText } from '../model/canonical.js';
import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { parseTypeReference } from '../validate/type-reference.js';

/** Fields the content GraphQL API adds to every item itself; a property of the same name is not served. */
const SYSTEM_FIELDS: readonly (readonly [string, string, string])[] = [
  ['_id', 'string | null', ''],
  ['_score', 'number | null', "The relevance of the item to the query's full-text search; 0 without one."],
  ['ContentType', '(string | null)[] | null', ''],
  ['Language', '{ Name?: string | null; DisplayName?: string | null } | null', ''],
];

const SCALARS: Readonly<Record<string, string>> = { String: 'string', Int: 'number', Float: 'number', Boolean: 'boolean', Date: 'string', DateTime: 'string' };
/** Declared types TypeScript does not say: kept in a comment, as in the write shape. */
const NOTED = new Set(['Int', 'Date', 'DateTime']);

/**
 * The read shape of a source: what its content GraphQL queries return for an item, beside
 * the write shape (what a data push sends). Every content type, abstract ones too (GraphQL
 * interfaces), carries `_id`, `_score`, `ContentType`, `Language` and its own and inherited
 * properties; `__typename` names the concrete types it can be. GraphQL fields are nullable
 * and present only when selected, so each is optional and `| null`; list elements may be
 * null too. Property types are read as their own objects. Names are the write shape's
 * plus `Read` (`Product` → `ProductRead`), numbered if a declared name is taken.
 */
export function sourceReadTypeScript(
  id: string,
  definition: SourceDefinition,
  writeNames: ReadonlyMap<string, string>,
  union: string,
  itemFields: readonly string[] = [],
): string {
  // The item fields the service serves besides the system ones (`Status`, as configured): text, as the served schema types them.
  const served: ReadonlyArray<readonly [string, string, string]> = [...SYSTEM_FIELDS, ...itemFields.map((name) => [name, 'string | null', ''] as const)];
  const taken = new Set([...writeNames.values(), union]);
  const readName = new Map<string, string>();
  for (const [graphqlName, tsName] of [...writeNames].sort(([a], [b]) => compareText(a, b))) readName.set(graphqlName, freeName(`${tsName}Read`, taken));
  const unionRead = freeName(`${union}Read`, taken);
  const nameOf = (graphqlName: string): string => readName.get(graphqlName) ?? graphqlName;

  const contentNames = Object.keys(definition.contentTypes).sort(compareText);
  const abstract = (name: string): boolean => ownValue(definition.contentTypes, name)?.abstract === true;
  const concrete = contentNames.filter((name) => !abstract(name));
  const blocks = [
    doc([`An item of content source ${id} as a content GraphQL query returns it: one of its concrete content types.`]) +
      `export type ${unionRead} = ${concrete.length === 0 ? 'never' : concrete.map(nameOf).join(' | ')};`,
  ];
  for (const name of contentNames) {
    const members = abstract(name) ? concrete.filter((other) => ancestorsOf(definition, other).includes(name)) : [name];
    const typename = members.length === 0 ? 'never' : members.map((member) => `'${member}'`).join(' | ');
    const properties = Object.entries(effectiveProperties(definition, name)).filter(([property]) => !served.some(([system]) => system === property));
    blocks.push(
      objectType(nameOf(name), `${abstract(name) ? 'Abstract content type' : 'Content type'} ${name} of content source ${id}, as GraphQL reads return it.`, [
        ['__typename', typename, ''],
        ...served,
        ...properties.map(([property, type]) => field(property, type, definition, nameOf)),
      ]),
    );
  }
  for (const name of Object.keys(definition.propertyTypes ?? {}).sort(compareText)) {
    const properties = Object.entries(ownValue(definition.propertyTypes, name)?.properties ?? {});
    blocks.push(
      objectType(
        nameOf(name),
        `Property type ${name} of content source ${id}, as GraphQL reads return it.`,
        properties.map(([property, p]) => field(property, p.type, definition, nameOf)),
      ),
    );
  }
  return blocks.join('\n\n');
}

function freeName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  for (let n = 2; taken.has(name); n += 1) name = `${wanted}${n}`;
  taken.add(name);
  return name;
}

/** A property as a field of the read shape: its TypeScript type, and a comment where that hides the declared type. */
function field(property: string, type: string, definition: SourceDefinition, nameOf: (graphqlName: string) => string): readonly [string, string, string] {
  const reference = parseTypeReference(type);
  if (!reference.ok) return [property, 'unknown', ''];
  const isPropertyType = ownValue(definition.propertyTypes, reference.name) !== undefined;
  // A configured extra scalar has no known shape.
  const element = isPropertyType ? nameOf(reference.name) : (SCALARS[reference.name] ?? 'unknown');
  const comment = NOTED.has(reference.name) ? `Declared type: ${type}` : '';
  return [property, reference.list ? `(${element} | null)[] | null` : `${element} | null`, comment];
}

function objectType(name: string, description: string, fields: readonly (readonly [string, string, string])[]): string {
  const body = fields.map(([field, type, comment]) => `${comment === '' ? '' : indent(doc([comment]))}  ${safeKey(field)}?: ${type};`);
  return `${doc([description])}export interface ${name} {\n${body.join('\n')}\n}`;
}

/** Property names are GraphQL names (letters, digits, `_`), so they are valid keys as they are; quoted otherwise. */
function safeKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name.replaceAll("'", "\\'")}'`;
}

function doc(lines: readonly string[]): string {
  return `${['/**', ...lines.map((line) => ` * ${line}`), ' */'].join('\n')}\n`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}
