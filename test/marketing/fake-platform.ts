import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/**
 * A small authorization server and Open API over real HTTP, written from the contract for
 * the client's tests (the emulator has its own suite): single-use codes, rotating refresh
 * tokens, bearer checks, paged assets. Behaviour is steered through its fields.
 */
export interface FakePlatform {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every request: method, path with query, bearer token, JSON body. */
  requests: { method: string; path: string; bearer: string | undefined; body: Record<string, unknown> | undefined }[];
  /** Seconds each new access token lives. */
  expiresIn: number;
  /** Assets served by GET /v3/assets. */
  assets: Record<string, unknown>[];
  /** Access tokens the Open API still accepts; clear it to make the next call answer 401. */
  validAccess: Set<string>;
  validRefresh: Set<string>;
  /** Refresh tokens past their lifetime: refused as expired. */
  expiredRefresh: Set<string>;
  /** Issues a code for the next exchange. */
  issueCode(redirectUri: string): string;
  /** Issues a refresh token, as a login elsewhere would have. */
  issueRefresh(): string;
  /** Called when an Open API request arrives, before it is answered. */
  onApi?: (path: string) => void | Promise<void>;
  /** Answers the next Open API requests with these instead (status, headers, body). */
  apiFaults: { status: number; headers?: Record<string, string>; body?: string }[];
  /**
   * Token answer fields to leave out (all but access_token are optional). Without
   * refresh_token, a refresh does not rotate: the token used stays valid.
   */
  omit: Set<'refresh_token' | 'id_token' | 'expires_in' | 'token_type'>;
}

export async function startFakePlatform(): Promise<FakePlatform> {
  let counter = 0;
  const next = (kind: string): string => `${kind}-${++counter}-${Math.random().toString(36).slice(2, 12)}`;
  const codes = new Map<string, string>();
  const platform: FakePlatform = {
    url: '',
    clientId: 'fake-client',
    clientSecret: 'fake-client-secret-123',
    requests: [],
    expiresIn: 3600,
    assets: [],
    validAccess: new Set(),
    validRefresh: new Set(),
    expiredRefresh: new Set(),
    apiFaults: [],
    omit: new Set(),
    issueCode(redirectUri) {
      const code = next('code');
      codes.set(code, redirectUri);
      return code;
    },
    issueRefresh() {
      const token = next('refresh');
      platform.validRefresh.add(token);
      return token;
    },
  };

  const tokenAnswer = (): Record<string, unknown> => {
    const access = next('access');
    platform.validAccess.add(access);
    const answer: Record<string, unknown> = { access_token: access, id_token: next('id'), expires_in: platform.expiresIn, token_type: 'Bearer' };
    if (!platform.omit.has('refresh_token')) {
      answer.refresh_token = next('refresh');
      platform.validRefresh.add(String(answer.refresh_token));
    }
    for (const field of platform.omit) delete answer[field];
    return answer;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown> | undefined): Promise<void> => {
    const url = new URL(req.url ?? '/', platform.url);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    platform.requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, bearer, body });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/o/oauth2/v1/token') {
      if (body?.client_id !== platform.clientId || body.client_secret !== platform.clientSecret)
        return json(401, { error: 'invalid_client', error_description: 'client authentication failed' });
      if (body.grant_type === 'authorization_code') {
        const redirect = codes.get(String(body.code));
        codes.delete(String(body.code));
        if (redirect === undefined) return json(400, { error: 'invalid_grant', error_description: 'the code is invalid or was used already' });
        if (redirect !== body.redirect_uri) return json(400, { error: 'invalid_grant', error_description: 'redirect_uri does not match' });
        return json(200, tokenAnswer());
      }
      if (body.grant_type === 'refresh_token') {
        const token = String(body.refresh_token);
        if (platform.expiredRefresh.has(token)) return json(400, { error: 'invalid_grant', error_description: 'the refresh token has expired' });
        if (!platform.validRefresh.has(token))
          return json(400, { error: 'invalid_grant', error_description: 'the refresh token was used already or has expired' });
        if (!platform.omit.has('refresh_token')) platform.validRefresh.delete(token);
        return json(200, tokenAnswer());
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/o/oauth2/v1/userinfo') {
      if (bearer === undefined || !platform.validAccess.has(bearer)) return json(401, { message: 'invalid token' });
      return json(200, { sub: 'user-1', email: 'ada@example.com', name: 'Ada' });
    }
    if (url.pathname === '/o/oauth2/v1/revoke') {
      platform.validRefresh.delete(String(body?.token));
      platform.validAccess.delete(String(body?.token));
      return json(200, { msg: 'success' });
    }
    if (url.pathname === '/v3/assets') {
      await platform.onApi?.(url.pathname);
      const fault = platform.apiFaults.shift();
      if (fault !== undefined) {
        res.writeHead(fault.status, fault.headers ?? {});
        res.end(fault.body ?? '');
        return;
      }
      if (bearer === undefined || !platform.validAccess.has(bearer)) return json(401, { message: 'The access token is invalid or has expired' });
      const size = Number(url.searchParams.get('page_size') ?? '10');
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const page = platform.assets.slice(offset, offset + size);
      const nextOffset = offset + size;
      const nextUrl = nextOffset < platform.assets.length ? `${platform.url}/v3/assets?page_size=${size}&offset=${nextOffset}` : null;
      return json(200, { data: page, pagination: { next: nextUrl, previous: null }, total_count: platform.assets.length });
    }
    json(404, { message: 'not found' });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | undefined;
      try {
        body = text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
      } catch {
        body = undefined;
      }
      void handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  platform.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return platform;
}

/** A free loopback port for a callback server (closed again before it is used). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
