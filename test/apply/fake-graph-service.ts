import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import type { SourceDefinition } from '../../src/model/types.js';

/** What a GET answers: a JSON body with a status, or a bare status. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

/** One source as the fake holds it: what the last write stored, and what it held before. */
export interface FakeSource {
  current: SourceDefinition | undefined;
  previous: SourceDefinition | undefined;
  /** GET types (or GET sources?id=) since the last write of the source. */
  readsSinceWrite: number;
}

export interface FakeServiceOptions {
  /** The answer to GET types?id=; by default what the last write stored (404 when nothing). */
  readTypes?(source: FakeSource): FakeAnswer;
  /** The answer to GET sources?id=; by default the stored label and description. */
  readSource?(source: FakeSource, id: string): FakeAnswer;
}

export interface FakeService {
  url: string;
  /** "METHOD path?query" of every request, in arrival order. */
  requests: string[];
  sources: Map<string, FakeSource>;
}

/**
 * A small graph service on 127.0.0.1 that accepts every write with 204 and answers reads
 * from what it stored, unless a hook says otherwise: the way to build a service that stores
 * something other than what it was sent, or shows a write late. It checks no signature.
 */
export async function startFakeGraphService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const sources = new Map<string, FakeSource>();
  const requests: string[] = [];
  const sourceOf = (id: string): FakeSource => {
    const known = sources.get(id) ?? { current: undefined, previous: undefined, readsSinceWrite: 0 };
    sources.set(id, known);
    return known;
  };
  const write = (id: string, next: (current: SourceDefinition | undefined) => SourceDefinition): void => {
    const source = sourceOf(id);
    source.previous = source.current;
    source.current = next(source.current);
    source.readsSinceWrite = 0;
  };
  const listed = (id: string, definition: SourceDefinition): Record<string, unknown> => ({
    id,
    label: definition.label ?? '',
    description: definition.description ?? null,
    languages: definition.languages,
  });

  const answer = (method: string, path: string, id: string, body: unknown): FakeAnswer => {
    if (path === '/api/content/v3/types' && method === 'GET') {
      const source = sourceOf(id);
      const reply = options.readTypes?.(source) ?? (source.current === undefined ? { status: 404 } : { status: 200, body: source.current });
      source.readsSinceWrite++;
      return reply;
    }
    if (path === '/api/content/v3/types' && method === 'PUT') {
      write(id, () => body as SourceDefinition);
      return { status: 204 };
    }
    if (path === '/api/content/v3/types' && method === 'POST') {
      const partial = body as Pick<SourceDefinition, 'languages' | 'contentTypes'>;
      write(id, (current) => ({
        ...(current ?? { label: '' }),
        languages: partial.languages,
        contentTypes: { ...current?.contentTypes, ...partial.contentTypes },
      }));
      return { status: 204 };
    }
    if (path === '/api/content/v3/sources' && method === 'GET' && id === '') {
      return { status: 200, body: [...sources].flatMap(([sid, s]) => (s.current === undefined ? [] : [listed(sid, s.current)])) };
    }
    if (path === '/api/content/v3/sources' && method === 'GET') {
      const source = sourceOf(id);
      const reply =
        options.readSource?.(source, id) ??
        (source.current === undefined ? { status: 404, body: 'Source is not found' } : { status: 200, body: [listed(id, source.current)] });
      source.readsSinceWrite++;
      return reply;
    }
    if (path === '/api/content/v3/sources' && method === 'POST') {
      const labels = body as { label: string; description: string };
      write(id, (current) => ({ ...(current ?? { languages: [], contentTypes: {} }), label: labels.label, description: labels.description }));
      return { status: 204 };
    }
    return { status: 404, body: 'not found' };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      requests.push(`${method} ${url.pathname}${url.search}`);
      const text = Buffer.concat(chunks).toString('utf8');
      const reply = answer(method, url.pathname, url.searchParams.get('id') ?? '', text === '' ? undefined : (JSON.parse(text) as unknown));
      const payload = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status, typeof reply.body === 'string' || reply.body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, sources };
}

/** The definition without one property of one content type: what a service that drops it answers. */
export function withoutProperty(definition: SourceDefinition, contentType: string, property: string): SourceDefinition {
  const type = definition.contentTypes[contentType];
  if (type === undefined) return definition;
  const { [property]: _dropped, ...properties } = type.properties;
  return { ...definition, contentTypes: { ...definition.contentTypes, [contentType]: { ...type, properties } } };
}
