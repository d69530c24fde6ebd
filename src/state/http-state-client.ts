import { GraphformError } from '../diagnostics/errors.js';
import { redact, sendWithRetry, type HttpOptions, type HttpResponse } from '../http/index.js';
import { secretQueryValues } from '../http/query-secrets.js';

export interface HttpStateClientOptions {
  address: string;
  lockAddress: string;
  unlockAddress: string;
  /** Basic auth; never logged or shown. */
  username?: string | undefined;
  password?: string | undefined;
  http?: HttpOptions;
}

/** The requests of a Terraform http backend server, with the state's credentials, every text redacted. */
export interface HttpStateClient {
  /** The state's address without credentials or query, for messages. */
  readonly where: string;
  /** The configured addresses without userinfo (fetch refuses it; it became Basic auth). */
  readonly address: string;
  readonly lockAddress: string;
  readonly unlockAddress: string;
  send(method: string, url: string, body?: string): Promise<HttpResponse>;
  /** GF_STATE_HTTP (or GF_STATE_HTTP_AUTH) for an answer that is not a success. */
  fail(response: HttpResponse, method: string, url: string): GraphformError;
  /** Every text from the state server passes through here before it reaches a message. */
  clean(text: string): string;
}

export function httpStateClient(options: HttpStateClientOptions): HttpStateClient {
  // fetch refuses URLs with user:password@; such credentials become Basic auth instead.
  const inUrl = userInfo(options.address);
  const username = options.username ?? inUrl?.username;
  const password = options.username === undefined ? inUrl?.password : options.password;
  const credentials = username === undefined ? undefined : Buffer.from(`${username}:${password ?? ''}`, 'utf8').toString('base64');
  // Query values of the addresses that may be credentials (GitLab-style tokens, signed URLs)
  // count as secrets; redact() also hides secret-looking names and userinfo anywhere.
  const queryValues = [options.address, options.lockAddress, options.unlockAddress].flatMap(secretQueryValues);
  const secrets = [password ?? '', credentials ?? '', ...queryValues].filter((s) => s.length > 0);
  const clean = (text: string): string => redact(text, secrets);
  return {
    where: safeUrl(options.address),
    address: withoutUserInfo(options.address),
    lockAddress: withoutUserInfo(options.lockAddress),
    unlockAddress: withoutUserInfo(options.unlockAddress),
    clean,
    send: (method, url, body) => {
      const headers: Record<string, string> = {};
      if (credentials !== undefined) headers.Authorization = `Basic ${credentials}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      return sendWithRetry(() => ({ method, url, headers, ...(body === undefined ? {} : { body }) }), { ...options.http, secrets, showUrl: safeUrl });
    },
    fail: (response, method, url) => statusError(response, method, safeUrl(url), clean),
  };
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function statusError(response: HttpResponse, method: string, url: string, clean: (text: string) => string): GraphformError {
  // Redacted before it is cut short, so a secret split by the cut cannot show its first half.
  const body = clean(response.text.trim()).slice(0, 300);
  const auth = response.status === 401 || response.status === 403;
  return new GraphformError(
    auth ? 'GF_STATE_HTTP_AUTH' : 'GF_STATE_HTTP',
    `The state server answered ${response.status} to ${method} ${url}${body === '' ? '.' : `: ${body}`}`,
    {
      details: { method, url, status: response.status },
      ...(auth ? { hint: 'Check state.username and state.password of this environment (and the variables they come from).' } : {}),
    },
  );
}

/** The address without credentials or query (either may carry secrets), for messages. */
export function safeUrl(address: string): string {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(invalid state address)';
  }
}

function userInfo(address: string): { username: string; password: string } | undefined {
  try {
    const url = new URL(address);
    return url.username === '' ? undefined : { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  } catch {
    return undefined;
  }
}

function withoutUserInfo(address: string): string {
  try {
    const url = new URL(address);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    throw new GraphformError('GF_STATE_CONFIG', `The http state address is not a valid URL: ${safeUrl(address)}.`, {
      hint: 'Set state.address (and lockAddress, unlockAddress) to full http(s) URLs.',
    });
  }
}
