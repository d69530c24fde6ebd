import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface NewerService {
  url: string;
  credentials: { appKey: string; secret: string };
  /** Each source's definition as the service holds it, by id. */
  stored: Map<string, Record<string, unknown>>;
  /** Every PUT and POST types body, as sent. */
  bodies: Array<{ method: string; body: unknown }>;
}

/**
 * A graph service newer than graphform, on 127.0.0.1: it keeps whatever fields a definition
 * has (no additionalProperties check, unlike the emulator) and answers them back, as a later
 * API version could. It has no sources API (graphform falls back with one warning) and
 * checks no signature. `secret` is its credentials' secret, for the project's config.
 */
export async function startNewerService(secret = Buffer.from('a secret of the newer service').toString('base64')): Promise<NewerService> {
  const stored = new Map<string, Record<string, unknown>>();
  const bodies: Array<{ method: string; body: unknown }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const id = url.searchParams.get('id') ?? '';
      const text = Buffer.concat(chunks).toString('utf8');
      if (url.pathname === '/api/content/v3/types') {
        if (request.method === 'GET') {
          const definition = stored.get(id);
          response
            .writeHead(definition === undefined ? 404 : 200, { 'content-type': 'application/json' })
            .end(definition === undefined ? 'Source is not found' : JSON.stringify(definition));
          return;
        }
        const body = JSON.parse(text) as Record<string, unknown>;
        bodies.push({ method: request.method ?? '', body });
        if (request.method === 'PUT') stored.set(id, body);
        else {
          const current = stored.get(id) ?? {};
          stored.set(id, { ...current, ...body, contentTypes: { ...(current.contentTypes as object), ...(body.contentTypes as object) } });
        }
        response.writeHead(204).end();
        return;
      }
      response.writeHead(404).end('Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, credentials: { appKey: 'key', secret }, stored, bodies };
}
