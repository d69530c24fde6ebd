import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface StateServer {
  /** The state's address; the lock is on the same address (LOCK/UNLOCK), Terraform's default. */
  address: string;
  username: string;
  password: string;
  /** The stored state document, parsed; undefined before the first write. */
  state(): { serial: number; sources: Record<string, unknown> } | undefined;
}

/**
 * The state server a pipeline's `production` environment talks to: Terraform's http backend
 * protocol (GET/POST the state, LOCK/UNLOCK it), behind Basic credentials, so the config
 * `graphform init` writes is used exactly as written. Each path is a state of its own, as
 * GitLab keeps one per name: a keeping apply stores its snapshot's copy beside the state.
 */
export async function startStateServer(): Promise<StateServer> {
  const username = 'ci-state';
  const password = 'state-password-1';
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const states = new Map<string, string>();
  const MAIN = '/terraform/state/production';
  let lock: string | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, text = ''): void => void res.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
      if (req.headers.authorization !== expected) return send(401, 'bad credentials');
      const id = (): unknown => (JSON.parse(body) as { ID?: unknown }).ID;
      const name = new URL(req.url ?? '/', 'http://state').pathname;
      const state = states.get(name);
      switch (req.method) {
        case 'GET':
          return state === undefined ? send(404) : send(200, state);
        case 'POST':
          states.set(name, body);
          return send(200);
        case 'DELETE':
          states.delete(name);
          return send(200);
        case 'LOCK':
          if (lock !== undefined) return send(423, lock);
          lock = body;
          return send(200);
        case 'UNLOCK':
          if (lock === undefined || (JSON.parse(lock) as { ID?: unknown }).ID !== id()) return send(409, lock ?? '');
          lock = undefined;
          return send(200);
        default:
          return send(405);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    address: `http://127.0.0.1:${(server.address() as AddressInfo).port}${MAIN}`,
    username,
    password,
    state: () => {
      const state = states.get(MAIN);
      return state === undefined ? undefined : (JSON.parse(state) as { serial: number; sources: Record<string, unknown> });
    },
  };
}
