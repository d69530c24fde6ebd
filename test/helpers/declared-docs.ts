import path from 'node:path';
import { startEmulator } from '../../src/emulator/index.js';
import { rawRequest } from './raw-graph.js';

/**
 * The `docs` source of the declared-data workflows (test/workflows/declared-data*.test.ts,
 * ledger-*.test.ts): its declaration with a `data:` list, pages written as NDJSON, and what
 * the emulator's GraphQL serves, read with the admin credentials.
 */
export const CONFIG = ['defaultEnvironment: local', 'environments:', '  local:', '    emulator: { dataDir: .graphform/emulator }', ''].join('\n');
/** The declaration; `data` null leaves out `data:` altogether. */
export const SOURCE = (data: string | null = '[../data/*.ndjson]'): string =>
  [
    'id: docs',
    'label: Docs',
    'languages: [en, sv]',
    ...(data === null ? [] : [`data: ${data}`]),
    'contentTypes:',
    '  Doc:',
    '    contentType: []',
    '    properties:',
    '      Title: { type: String, searchable: true }',
    '',
  ].join('\n');

export interface Page {
  id: string;
  language: 'en' | 'sv';
  title: string;
}

export function ndjson(pages: readonly Page[]): string {
  return pages
    .map(
      (p) =>
        `{"index":{"_id":"${p.id}","language_routing":"${p.language}"}}\n${JSON.stringify({ Title: p.title, ContentType: ['Doc'], Language: { Name: p.language }, Status: 'Published', _rbac: 'r:Everyone:Read' })}\n`,
    )
    .join('');
}

export const pages = (count: number, prefix: string): Page[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, language: i % 3 === 0 ? 'sv' : 'en', title: `${prefix} page ${i}` }));

/** Every Doc the emulator serves, `language:id` → Title, read through GraphQL with the admin credentials. */
export async function served(dir: string): Promise<Map<string, string>> {
  const emulator = await startEmulator({ port: 0, dataDir: path.join(dir, '.graphform/emulator') });
  try {
    const found = new Map<string, string>();
    for (const language of ['en', 'sv']) {
      const query = `{ Doc(limit: 100, locale: [${language}]) { items { _id Title } } }`;
      const response = await rawRequest(emulator, {
        method: 'POST',
        target: '/content/v2',
        body: JSON.stringify({ query }),
        contentType: 'application/json',
        auth: 'basic',
      });
      const body = JSON.parse(response.text) as { data?: { Doc: { items: Array<{ _id: string; Title: string }> } } };
      for (const item of body.data?.Doc.items ?? []) found.set(`${language}:${item._id}`, item.Title);
    }
    return found;
  } finally {
    await emulator.close();
  }
}

export const expected = (list: readonly Page[]): Map<string, string> => new Map(list.map((p) => [`${p.language}:${p.id}`, p.title]));
