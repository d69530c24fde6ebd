import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Content types per generated source, and properties per content type: the "20 × 15". */
export const TYPES_PER_SOURCE = 20;
export const PROPERTIES_PER_TYPE = 15;

const SCALARS = ['String', 'Int', 'Float', 'Boolean', 'Date', 'DateTime', '[String]'] as const;

/** `s000` … `s999`, then base-36 past that: ids are at most 4 characters of a-z and 0-9. */
export function sourceId(index: number): string {
  return index < 1000 ? `s${String(index).padStart(3, '0')}` : `s${index.toString(36).padStart(3, '0')}`;
}

/**
 * One declaration as a person would write it: a header comment, two property types, an
 * abstract base type, derived types that reuse it, flow maps for properties, and every
 * content type name unique across all generated sources (the collision rule checks that).
 */
export function declarationText(index: number): string {
  const id = sourceId(index);
  const prefix = `S${id.slice(1).toUpperCase()}`;
  const lines = [
    `# Generated source ${index}: ${TYPES_PER_SOURCE} content types of ${PROPERTIES_PER_TYPE} properties.`,
    `id: ${id}`,
    `label: Generated source ${index}`,
    'languages: [en, sv]',
    '',
    'propertyTypes:',
    `  ${prefix}Dimensions:`,
    '    properties:',
    '      Width: { type: Float }',
    '      Height: { type: Float }',
    `  ${prefix}Price:`,
    '    properties:',
    '      Amount: { type: Float }',
    '      Currency: { type: String }',
    '',
    'contentTypes:',
  ];
  for (let t = 0; t < TYPES_PER_SOURCE; t++) {
    const name = `${prefix}Type${t}`;
    lines.push(`  ${name}:`);
    if (t === 0) lines.push('    abstract: true', '    contentType: []');
    else lines.push(`    contentType: [${prefix}Type0]`);
    lines.push('    properties:');
    for (let p = 0; p < PROPERTIES_PER_TYPE; p++) {
      // The base type's properties are inherited, so derived types name theirs apart.
      const property = t === 0 ? `Base${p}` : `Field${p}`;
      lines.push(`      ${property}: ${propertyText(t, p, prefix)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function propertyText(type: number, property: number, prefix: string): string {
  if (property === 13) return `{ type: ${prefix}Dimensions }`;
  if (property === 14) return `{ type: "[${prefix}Price]" }`;
  const scalar = SCALARS[(type + property) % SCALARS.length] as string;
  const quoted = scalar.startsWith('[') ? `"${scalar}"` : scalar;
  return property % 4 === 0 && scalar === 'String' ? `{ type: ${quoted}, searchable: true }` : `{ type: ${quoted} }`;
}

export interface GeneratedProject {
  /** Items written per source (plain-item NDJSON, one data: file each); none when absent or 0. */
  itemsPerSource?: number;
}

/**
 * Writes a project into `dir`: graphform.config.yaml (the default local environment: the
 * embedded emulator with its data in .graphform/emulator, room for every source, local
 * state) and `count` declarations under content-sources/, each with a data: file of
 * `itemsPerSource` items under data/ when asked. Returns the config's path.
 */
export async function generateSources(dir: string, count: number, project: GeneratedProject = {}): Promise<string> {
  const sources = path.join(dir, 'content-sources');
  await mkdir(sources, { recursive: true });
  const items = project.itemsPerSource ?? 0;
  if (items > 0) await mkdir(path.join(dir, 'data'), { recursive: true });
  const config = path.join(dir, 'graphform.config.yaml');
  await writeFile(config, configText(count));
  for (let i = 0; i < count; i++) {
    const id = sourceId(i);
    const data = items > 0 ? `data:\n  - ../data/${id}.ndjson\n` : '';
    await writeFile(path.join(sources, `${id}.yaml`), declarationText(i) + data);
    if (items > 0) await writeFile(path.join(dir, 'data', `${id}.ndjson`), itemsText(i, items));
  }
  return config;
}

/**
 * Plain items of source `index`: `count` of its content type 1, each about a KiB (a text
 * property and a number, both inherited from the base type).
 */
export function itemsText(index: number, count: number): string {
  const prefix = `S${sourceId(index).slice(1).toUpperCase()}`;
  const lines: string[] = [];
  for (let n = 0; n < count; n++) {
    const text = `Item ${n} of source ${index}: ${'lorem ipsum dolor sit amet '.repeat(36)}`;
    lines.push(
      JSON.stringify({ Id: `i${n}`, language_routing: n % 2 === 0 ? 'en' : 'sv', ContentType: [`${prefix}Type0`, `${prefix}Type1`], Base0: text, Base1: n }),
    );
  }
  return `${lines.join('\n')}\n`;
}

function configText(count: number): string {
  return [
    'sources: content-sources',
    'defaultEnvironment: local',
    'environments:',
    '  local:',
    `    emulator: { dataDir: .graphform/emulator, maxSources: ${count + 10} }`,
    '',
  ].join('\n');
}
