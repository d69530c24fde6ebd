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
 * protocol on one address (GET/POST the state, LOCK/UNLOCK it), behind Basic credentials, so
 * the config `graphform init` writes is used exactly as written.
 */
export async function startStateServer(): Promise<StateServer> {
  const username = 'ci-state';
  const password = 'state-password-1';
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  let state: string | undefined;
  let lock: string | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, text = ''): void => void res.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
      if (req.headers.authorization !== expected) return send(401, 'bad credentials');
      const id = (): unknown => (JSON.parse(body) as { ID?: unknown }).ID;
      switch (req.method) {
        case 'GET':
          return state === undefined ? send(404) : send(200, state);
        case 'POST':
          state = body;
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
    address: `http://127.0.0.1:${(server.address() as AddressInfo).port}/terraform/state/production`,
    username,
    password,
    state: () => (state === undefined ? undefined : (JSON.parse(state) as { serial: number; sources: Record<string, unknown> })),
  };
}
