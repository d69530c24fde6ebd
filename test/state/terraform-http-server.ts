import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

export interface ServerOptions {
  /** Required Basic credentials; anything else gets 401. */
  username?: string;
  password?: string;
  lockMethod?: string;
  unlockMethod?: string;
  /** Status for "no state yet": 404 (default) or 204. */
  emptyStatus?: 404 | 204;
  /** Status for "lock held": 423 (default) or 409. */
  heldStatus?: 409 | 423;
  /** A state body larger than this is refused with 413, as GitLab does past max_terraform_state_size_bytes. */
  maxStateBytes?: number;
  /** Answer DELETE of a state (Terraform's purge) with 405 instead, as a server without it would. */
  noDelete?: boolean;
}

/**
 * A small, real implementation of Terraform's http backend protocol: state at /state,
 * lock at /lock. The lock body is kept as sent and answered back when the lock is held.
 * Any other path is a state of its own, read, written and purged (GET, POST, DELETE)
 * without a lock, as GitLab keeps one state per name under /terraform/state/:name.
 */
export async function startTerraformHttpServer(options: ServerOptions = {}) {
  const states = new Map<string, string>();
  let maxStateBytes = options.maxStateBytes;
  let lock: { id: string; body: string } | undefined;
  const seen: SeenRequest[] = [];
  let refusals = 0;
  const refusalWaiters: { count: number; resolve: () => void }[] = [];
  const lockMethod = options.lockMethod ?? 'LOCK';
  const unlockMethod = options.unlockMethod ?? 'UNLOCK';
  const expectedAuth = options.username === undefined ? undefined : `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://localhost');
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      const send = (status: number, text = ''): void => void res.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
      if (expectedAuth !== undefined && req.headers.authorization !== expectedAuth) return send(401, 'bad credentials');
      const bodyId = (): string | undefined => {
        try {
          const parsed = JSON.parse(body) as { ID?: unknown };
          return typeof parsed.ID === 'string' ? parsed.ID : undefined;
        } catch {
          return undefined;
        }
      };
      const isState = url.pathname !== '/lock' && url.pathname !== '/broken';
      if (isState && req.method === 'GET') {
        const held = states.get(url.pathname);
        return held === undefined ? send(options.emptyStatus ?? 404) : send(200, held);
      }
      if (isState && req.method === 'POST') {
        if (url.pathname === '/state' && lock !== undefined && url.searchParams.get('ID') !== lock.id) return send(options.heldStatus ?? 423, lock.body);
        if (maxStateBytes !== undefined && Buffer.byteLength(body) > maxStateBytes) return send(413, '{"message":"413 Request Entity Too Large"}');
        states.set(url.pathname, body);
        return send(200);
      }
      if (isState && req.method === 'DELETE') {
        if (options.noDelete === true) return send(405);
        return states.delete(url.pathname) ? send(200) : send(404);
      }
      if (url.pathname === '/lock' && req.method === lockMethod) {
        if (lock !== undefined) {
          refusals++;
          for (const w of refusalWaiters.filter((w) => w.count <= refusals)) w.resolve();
          return send(options.heldStatus ?? 423, lock.body);
        }
        lock = { id: bodyId() ?? '', body };
        return send(200);
      }
      if (url.pathname === '/lock' && req.method === unlockMethod) {
        if (lock === undefined) return send(404);
        if (bodyId() !== lock.id) return send(options.heldStatus ?? 423, lock.body);
        lock = undefined;
        return send(200);
      }
      if (url.pathname === '/broken') return send(500, 'database on fire');
      return send(405);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    get state() {
      return states.get('/state');
    },
    set state(value: string | undefined) {
      if (value === undefined) states.delete('/state');
      else states.set('/state', value);
    },
    /** Every state the server holds, by path: /state and any other. */
    states,
    /** From now on, refuse a state body larger than this (413). */
    limitStateBytes(bytes: number | undefined) {
      maxStateBytes = bytes;
    },
    /** Take the lock as another client would. */
    holdLock(id: string, body: Record<string, unknown>) {
      lock = { id, body: JSON.stringify(body) };
    },
    get lockId() {
      return lock?.id;
    },
    /** Resolves once `count` lock requests in all have been refused because the lock was held: a client is retrying. */
    refused(count: number): Promise<void> {
      return refusals >= count ? Promise.resolve() : new Promise((resolve) => refusalWaiters.push({ count, resolve }));
    },
  };
}
