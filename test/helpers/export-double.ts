import { createServer } from 'node:http';
import type { ContentEndpoint } from '../../src/graph/content-query.js';
import { listenForTest } from './scripted-server.js';

/** One page as a content GraphQL endpoint answers the export's page query. */
export interface DoublePage {
  total: number;
  cursor: string;
  items: unknown[];
}

/** What the double answers for the page of `type` in `language` asked with `cursor` (the nth such question, from 0). */
export type PageScript = (ask: { type: string; language: string; cursor: string; nth: number }) => DoublePage;

export interface ExportDouble {
  endpoint: ContentEndpoint;
  /** Page queries answered so far. */
  pages(): number;
}

/**
 * A content GraphQL endpoint over real HTTP on 127.0.0.1 that answers the export's three
 * queries (the fields introspection, the pages, the totals) from a script: for the paging
 * faults the emulator never makes (pages that repeat, cursors that never end, odd `_id`s).
 * Closed when the current test finishes.
 */
export async function startExportDouble(script: PageScript, fields: readonly string[] = ['_id', 'ContentType', 'Status', '_rbac']): Promise<ExportDouble> {
  let pages = 0;
  const asked = new Map<string, number>();
  const answer = (query: string, cursor: string): unknown => {
    if (query.startsWith('query graphformItemFields')) {
      return Object.fromEntries([...query.matchAll(/(t\d+): __type/g)].map((m) => [m[1], { fields: fields.map((name) => ({ name })) }]));
    }
    if (query.startsWith('query graphformCount')) {
      return Object.fromEntries(
        [...query.matchAll(/(c\d+): (\w+)\(locale: \[(\w+)\]\)/g)].map((m) => [
          m[1],
          { total: script({ type: m[2] ?? '', language: m[3] ?? '', cursor: '', nth: -1 }).total },
        ]),
      );
    }
    const page = /page: (\w+)\(cursor: \$cursor, limit: \d+, locale: \[(\w+)\]/.exec(query);
    if (page === null) throw new Error(`the export double does not know the query ${query.slice(0, 60)}`);
    const key = `${page[1]}\n${page[2]}`;
    const nth = asked.get(key) ?? 0;
    asked.set(key, nth + 1);
    pages++;
    return { page: script({ type: page[1] ?? '', language: page[2] ?? '', cursor, nth }) };
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string; variables?: { cursor?: string } };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: answer(body.query, body.variables?.cursor ?? '') }));
    });
  });
  const url = await listenForTest(server);
  return { endpoint: { baseUrl: url, credentials: { scheme: 'basic', appKey: 'double', secret: 'double-secret' } }, pages: () => pages };
}

/** Items `${prefix}${from}` … `${prefix}${to - 1}` as a page lists them. */
export function doubleItems(prefix: string, from: number, to: number, type: string): unknown[] {
  return Array.from({ length: to - from }, (_, i) => ({
    _id: `${prefix}${from + i}`,
    ContentType: [type],
    Status: 'Published',
    _rbac: 'r:Everyone:Read',
    Title: `t${from + i}`,
  }));
}

/**
 * A proxy over real HTTP in front of a graph service (the emulator): every request goes
 * through unchanged (signatures sign the path and body, not the host), except the
 * export's page queries asked with a cursor, which get the answer of the first page of the
 * same type and language again, with its cursor: a cursor that never ends. Returns its URL.
 */
export async function startFirstPageAgainProxy(target: string): Promise<string> {
  const firstPages = new Map<string, string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const asked =
          req.method === 'POST' && (req.url ?? '').startsWith('/content/v2')
            ? (JSON.parse(body.toString('utf8')) as { query: string; variables?: { cursor?: string } })
            : undefined;
        const paging = asked?.query.startsWith('query graphformExport') === true;
        const again = paging && (asked?.variables?.cursor ?? '') !== '' ? firstPages.get(asked?.query ?? '') : undefined;
        if (again !== undefined) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(again);
          return;
        }
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'content-length'),
        );
        const answer = await fetch(`${target}${req.url ?? ''}`, { method: req.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) });
        const text = await answer.text();
        if (paging && answer.status === 200) firstPages.set(asked?.query ?? '', text);
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(text);
      })();
    });
  });
  return listenForTest(server);
}
