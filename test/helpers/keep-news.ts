import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startEmulator } from '../../src/emulator/index.js';
import { rawRequest } from './raw-graph.js';
import { seededRandom } from './seeded-random.js';

/**
 * The `news` source of the keep workflows (test/workflows/keep-*.test.ts): its declaration
 * at each step of a schema change, items generated from a seed, and a reader that asks the
 * content GraphQL endpoint (admin credentials, cursor paging) what is served, with an
 * emulator started on the project's data folder once graphform has let go of it.
 */

export type Language = 'en' | 'sv';

/** An item as the test knows it, under the names of the current declaration. */
export interface NewsItem {
  id: string;
  language: Language;
  type: string;
  status: 'Published' | 'Draft';
  values: Record<string, unknown>;
}

/** Where a schema change stands: each step of keep-items.test.ts moves one of these. */
export interface NewsShape {
  releaseName: 'ReleaseNote' | 'Changelog';
  summaryName: 'Summary' | 'Abstract';
  versionType: 'String' | 'Float';
  teaser: boolean;
  height: boolean;
  languages: Language[];
  moved: string[];
  /** The `convert:` block's lines, indented by two. */
  convert: string[];
  /** `keep:` block text (without the key), or undefined for none. */
  keep: string | undefined;
  /** The data: file, relative to the declaration; undefined for no `data:`. */
  data: string | undefined;
}

export const INITIAL_SHAPE: NewsShape = {
  releaseName: 'ReleaseNote',
  summaryName: 'Summary',
  versionType: 'String',
  teaser: true,
  height: false,
  languages: ['en', 'sv'],
  moved: [],
  convert: [],
  keep: '{ defaults: { _rbac: "r:Editors:Read" } }',
  data: 'data/news.ndjson',
};

export const RBAC = 'r:Everyone:Read';
/** What drafts are pushed with, and what keep.defaults gives the items the single key does not see: they stay hidden. */
export const HIDDEN_RBAC = 'r:Editors:Read';

/** The `_rbac` an item is pushed with: published items are public, drafts readable by editors only. */
export function rbacOf(item: Pick<NewsItem, 'status'>): string {
  return item.status === 'Published' ? RBAC : HIDDEN_RBAC;
}

export function newsYaml(shape: NewsShape): string {
  return [
    'id: news',
    'label: News',
    `languages: [${shape.languages.join(', ')}]`,
    'propertyTypes:',
    '  Size:',
    '    properties:',
    '      Width: { type: Float }',
    ...(shape.height ? ['      Height: { type: Float }'] : []),
    'contentTypes:',
    '  Article:',
    '    contentType: []',
    '    properties:',
    '      Title: { type: String, searchable: true }',
    `      ${shape.summaryName}: { type: String }`,
    `      Version: { type: ${shape.versionType} }`,
    ...(shape.teaser ? ['      Teaser: { type: String }'] : []),
    '      Box: { type: Size }',
    `  ${shape.releaseName}:`,
    '    contentType: []',
    '    properties:',
    '      Title: { type: String, searchable: true }',
    ...(shape.data === undefined ? [] : [`data: [${shape.data}]`]),
    ...(shape.moved.length === 0 ? [] : ['moved:', ...shape.moved.map((m) => `  - ${m}`)]),
    ...(shape.convert.length === 0 ? [] : ['convert:', ...shape.convert.map((c) => `  ${c}`)]),
    ...(shape.keep === undefined ? [] : [`keep: ${shape.keep}`]),
    '',
  ].join('\n');
}

export const VERSIONS = ['1', '2.5', '10.25', '-3', 'v3', '1.0-beta', 'n/a', '0.5'] as const;

/** `count` items from `seed`: Articles and ReleaseNotes, en and sv, drafts among them, values set or not. */
export function generateItems(count: number, seed: number, prefix = 'x'): NewsItem[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const type = random() < 0.3 ? 'ReleaseNote' : 'Article';
    const values: Record<string, unknown> = { Title: `${type} ${prefix}${i} "title" ✓` };
    if (type === 'Article') {
      if (random() < 0.8) values.Summary = `Summary of ${prefix}${i}`;
      if (random() < 0.9) values.Version = pick(VERSIONS);
      if (random() < 0.7) values.Teaser = `Teaser ${i}`;
      if (random() < 0.6) values.Box = { Width: Math.round(random() * 10_000) / 100 };
    }
    return { id: `${prefix}${i}`, language: random() < 0.55 ? 'en' : 'sv', type, status: random() < 0.3 ? 'Draft' : 'Published', values };
  });
}

/** The service's wire form (action line, data line), under plain names: the push maps them. */
export function ndjson(items: readonly NewsItem[]): string {
  return items
    .map((item) => {
      const action = JSON.stringify({ index: { _id: item.id, language_routing: item.language } });
      const data = JSON.stringify({ ContentType: [item.type], Language: { Name: item.language }, Status: item.status, _rbac: rbacOf(item), ...item.values });
      return `${action}\n${data}\n`;
    })
    .join('');
}

export const key = (language: string, id: string): string => `${language}\n${id}`;

export interface ServedNewsItem {
  type: string;
  contentType: unknown;
  status: unknown;
  rbac: unknown;
  values: Record<string, unknown>;
}

export interface Served {
  items: Map<string, ServedNewsItem>;
  /** `type\nlanguage` → total(all: true) of the first page. */
  totals: Map<string, number>;
  /** Items read per `type\nlanguage` (a duplicate _id would show as more than distinct keys). */
  read: Map<string, number>;
  /** _ids per `type\nlanguage` in the order served (_ranking: DOC). */
  order: Map<string, string[]>;
}

/** Every item of `news` the content GraphQL endpoint serves to the admin credentials, for the declaration `shape` stands for. */
export async function readServed(projectDir: string, shape: NewsShape): Promise<Served> {
  const emulator = await startEmulator({ port: 0, dataDir: path.join(projectDir, '.graphform/emulator'), itemFields: ['Status', '_rbac'] });
  try {
    const served: Served = { items: new Map(), totals: new Map(), read: new Map(), order: new Map() };
    const article = `_id ContentType Status _rbac Title ${shape.summaryName} Version${shape.teaser ? ' Teaser' : ''} Box { Width${shape.height ? ' Height' : ''} }`;
    const selections: Array<[string, string]> = [
      ['Article', article],
      [shape.releaseName, '_id ContentType Status _rbac Title'],
    ];
    for (const [type, selection] of selections) {
      for (const language of shape.languages) {
        let cursor = '';
        let first = true;
        const order: string[] = [];
        for (;;) {
          const query = `{ page: ${type}(cursor: ${JSON.stringify(cursor)}, limit: 100, locale: [${language}], orderBy: { _ranking: DOC }) { total(all: true) cursor items { ${selection} } } }`;
          const response = await rawRequest(emulator, {
            method: 'POST',
            target: '/content/v2',
            body: JSON.stringify({ query }),
            contentType: 'application/json',
            auth: 'basic',
          });
          const body = JSON.parse(response.text) as {
            data?: { page: { total: number; cursor: string | null; items: Array<Record<string, unknown>> } };
            errors?: unknown;
          };
          if (response.status !== 200 || body.data === undefined || body.errors !== undefined)
            throw new Error(`GraphQL refused ${query}: ${response.status} ${response.text}`);
          const page = body.data.page;
          if (first) served.totals.set(`${type}\n${language}`, page.total);
          first = false;
          if (page.items.length === 0) break;
          for (const raw of page.items) {
            const { _id, ContentType, Status, _rbac, ...values } = raw;
            order.push(String(_id));
            served.items.set(key(language, String(_id)), {
              type,
              contentType: ContentType,
              status: Status,
              rbac: _rbac,
              values: withoutNulls(values) as Record<string, unknown>,
            });
          }
          if (page.cursor === null) break;
          cursor = page.cursor;
        }
        served.read.set(`${type}\n${language}`, order.length);
        served.order.set(`${type}\n${language}`, order);
      }
    }
    return served;
  } finally {
    await emulator.close();
  }
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) if (inner !== null) out[name] = withoutNulls(inner);
  return out;
}

/** What the test expects GraphQL to serve for `items`, in the shape readServed answers. */
export function expectedServed(items: readonly NewsItem[]): Map<string, ServedNewsItem> {
  return new Map(
    items.map((item) => [
      key(item.language, item.id),
      { type: item.type, contentType: [item.type], status: item.status, rbac: rbacOf(item), values: item.values },
    ]),
  );
}

/** The files left in the environment's snapshot folder (none when it does not exist). */
export async function snapshotFiles(projectDir: string, environment = 'local'): Promise<string[]> {
  return readdir(path.join(projectDir, '.graphform/snapshots', environment)).catch(() => []);
}

export const LOCAL_CONFIG = (extra = ''): string =>
  ['defaultEnvironment: local', 'environments:', '  local:', `    emulator: { dataDir: .graphform/emulator${extra} }`, ''].join('\n');
