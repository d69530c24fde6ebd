import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphformError, type JsonValue } from '../diagnostics/errors.js';
import { redact, sendWithRetry, type HttpOptions, type HttpResponse } from '../http/index.js';
import { secretQueryValues } from '../http/query-secrets.js';
import { lockHeldError, parseLockInfo } from './lock-info.js';
import { parseState, serializeState } from './state-format.js';
import type { LockInfo, State, StateBackend, StateLock } from './types.js';

export interface HttpBackendOptions {
  /** GET (read) and POST (write) the state here. */
  address: string;
  lockAddress: string;
  unlockAddress: string;
  /** Basic auth; never logged or shown. */
  username?: string | undefined;
  password?: string | undefined;
  /** Terraform's lock_method / unlock_method; default LOCK and UNLOCK. */
  lockMethod?: string | undefined;
  unlockMethod?: string | undefined;
  lockTimeoutMs: number;
  now: () => Date;
  who: string;
  pid: number;
  host: string;
  toolVersion: string;
  retryIntervalMs?: number;
  newLockId?: () => string;
  /** Timeouts and retries of each request (429 and 5xx are retried). */
  http?: HttpOptions;
}

/**
 * Terraform's http backend protocol, so GitLab-managed state and similar servers work:
 * GET address → 200 state (404, 204 or an empty body: none); POST address[?ID=lock] to
 * write; LOCK/UNLOCK with the lock info as JSON body; 409 or 423 mean "held", and the body
 * names the holder.
 */
export function createHttpBackend(options: HttpBackendOptions): StateBackend {
  const where = safeUrl(options.address);
  const newLockId = options.newLockId ?? randomUUID;
  const lockMethod = options.lockMethod ?? 'LOCK';
  const unlockMethod = options.unlockMethod ?? 'UNLOCK';
  // fetch refuses URLs with user:password@; such credentials become Basic auth instead.
  const inUrl = userInfo(options.address);
  const username = options.username ?? inUrl?.username;
  const password = options.username === undefined ? inUrl?.password : options.password;
  const address = withoutUserInfo(options.address);
  const lockAddress = withoutUserInfo(options.lockAddress);
  const unlockAddress = withoutUserInfo(options.unlockAddress);
  const credentials = username === undefined ? undefined : Buffer.from(`${username}:${password ?? ''}`, 'utf8').toString('base64');
  // Query values of the addresses that may be credentials (GitLab-style tokens, signed URLs)
  // count as secrets; redact() also hides secret-looking names and userinfo anywhere.
  const queryValues = [options.address, options.lockAddress, options.unlockAddress].flatMap(secretQueryValues);
  const secrets = [password ?? '', credentials ?? '', ...queryValues].filter((s) => s.length > 0);
  // Every text from the state server passes through here before it reaches a message.
  const clean = (text: string): string => redact(text, secrets);
  let heldLockId: string | undefined;

  const send = async (method: string, url: string, body?: string): Promise<HttpResponse> => {
    const headers: Record<string, string> = {};
    if (credentials !== undefined) headers.Authorization = `Basic ${credentials}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return sendWithRetry(() => ({ method, url, headers, ...(body === undefined ? {} : { body }) }), { ...options.http, secrets, showUrl: safeUrl });
  };
  const fail = (response: HttpResponse, method: string, url: string): GraphformError => statusError(response, method, safeUrl(url), clean);
  // The holder comes from the server's body: each field is shown, so each is redacted.
  const cleanHolder = (holder: LockInfo | undefined): LockInfo | undefined =>
    holder === undefined ? undefined : { ...holder, id: clean(holder.id), who: clean(holder.who), host: clean(holder.host), operation: clean(holder.operation), createdAt: clean(holder.createdAt) };

  return {
    description: where,
    async read(): Promise<State | undefined> {
      const response = await send('GET', address);
      if (response.status === 404 || response.status === 204) return undefined;
      if (response.status !== 200) throw fail(response, 'GET', address);
      if (response.text.trim() === '') return undefined;
      // JSON.parse quotes the first characters of what it cannot read: cut short, a token
      // there would no longer match its full value, so a non-JSON answer is not quoted.
      if (!isJson(response.text)) {
        throw new GraphformError('GF_STATE_FORMAT', `State at ${where} is not valid JSON: the server answered 200 with something else.`, {
          details: { where },
          hint: 'Check state.address: it must name the state itself on a Terraform http backend server.',
        });
      }
      try {
        return parseState(response.text, where);
      } catch (error) {
        throw error instanceof GraphformError ? redactedError(error, clean) : error;
      }
    },
    async write(state: State): Promise<void> {
      const url = heldLockId === undefined ? address : withQuery(address, 'ID', heldLockId);
      const response = await send('POST', url, serializeState(state));
      if (!isSuccess(response.status)) throw fail(response, 'POST', url);
    },
    async lock(request: { operation: string; who?: string }): Promise<StateLock> {
      const info: LockInfo = {
        id: newLockId(),
        who: request.who ?? options.who,
        pid: options.pid,
        host: options.host,
        operation: request.operation,
        createdAt: options.now().toISOString(),
      };
      const body = JSON.stringify(lockBody(info, options.toolVersion));
      const deadline = performance.now() + Math.max(0, options.lockTimeoutMs);
      for (;;) {
        const response = await send(lockMethod, lockAddress, body);
        const holder = isHeld(response.status) ? holderOf(response) : undefined;
        // A retried LOCK whose first answer was lost finds our own lock: we hold it.
        if (isSuccess(response.status) || holder?.id === info.id) {
          heldLockId = info.id;
          return { id: info.id, info, release: () => release(info) };
        }
        if (!isHeld(response.status)) throw fail(response, lockMethod, lockAddress);
        const remaining = deadline - performance.now();
        if (remaining <= 0) throw lockHeldError(cleanHolder(holder), where, options.now());
        await sleep(Math.min(options.retryIntervalMs ?? 500, remaining));
      }
    },
    async forceUnlock(lockId: string): Promise<string | undefined> {
      const response = await send(unlockMethod, unlockAddress, JSON.stringify({ ID: lockId }));
      // A lock server's holder runs elsewhere: nothing here can tell whether it lives.
      if (isSuccess(response.status)) return undefined;
      if (isHeld(response.status)) {
        const holder = cleanHolder(holderOf(response));
        throw new GraphformError('GF_STATE_LOCK_MISMATCH', `The state at ${where} is locked${holder === undefined ? '' : ` with id ${holder.id}`}, not ${lockId}.`, {
          details: { where, lockId, holderId: holder?.id ?? null },
          hint: holder === undefined ? 'Check the lock id on the state server.' : `If that run is gone, run \`graphform state unlock ${holder.id}\``,
        });
      }
      if (response.status === 404) {
        throw new GraphformError('GF_STATE_NOT_LOCKED', `The state at ${where} is not locked; there is nothing to unlock.`, { details: { where, lockId } });
      }
      throw fail(response, unlockMethod, unlockAddress);
    },
  };

  async function release(info: LockInfo): Promise<void> {
    const response = await send(unlockMethod, unlockAddress, JSON.stringify(lockBody(info, options.toolVersion)));
    if (heldLockId === info.id) heldLockId = undefined;
    if (isSuccess(response.status)) return;
    if (isHeld(response.status) || response.status === 404) {
      throw new GraphformError('GF_STATE_LOCK_LOST', `The lock ${info.id} on the state at ${where} was removed or taken over while this run held it.`, {
        details: { where, lockId: info.id },
        hint: 'Someone ran `graphform state unlock` on a lock that was still in use. Check the state with `graphform state list` and plan again.',
      });
    }
    throw fail(response, unlockMethod, unlockAddress);
  }
}

/** Terraform's LockInfo fields, which servers such as GitLab keep and answer back, plus pid and host. */
function lockBody(info: LockInfo, toolVersion: string): Record<string, string | number> {
  return { ID: info.id, Operation: info.operation, Info: '', Who: info.who, Version: toolVersion, Created: info.createdAt, Path: '', pid: info.pid, host: info.host };
}

function holderOf(response: HttpResponse): LockInfo | undefined {
  try {
    return parseLockInfo(JSON.parse(response.text));
  } catch {
    return undefined;
  }
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function isHeld(status: number): boolean {
  return status === 409 || status === 423;
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

/** The same error with every text of it redacted (message, hint, string details). */
function redactedError(error: GraphformError, clean: (text: string) => string): GraphformError {
  const details: Record<string, JsonValue> = Object.fromEntries(Object.entries(error.details).map(([key, value]) => [key, typeof value === 'string' ? clean(value) : value]));
  return new GraphformError(error.code, clean(error.message), { details, ...(error.hint === undefined ? {} : { hint: clean(error.hint) }) });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
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

function withQuery(address: string, key: string, value: string): string {
  const url = new URL(address);
  url.searchParams.set(key, value);
  return url.toString();
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
