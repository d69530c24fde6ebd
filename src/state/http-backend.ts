import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphformError, type JsonValue } from '../diagnostics/errors.js';
import type { HttpOptions, HttpResponse } from '../http/index.js';
import { httpStateClient, isSuccess } from './http-state-client.js';
import { lockHeldError, parseLockInfo } from './lock-info.js';
import { parseState, serializeState } from './state-format.js';
import type { LockInfo, State, StateBackend, StateLock } from './types.js';

export { safeUrl } from './http-state-client.js';

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
  const client = httpStateClient(options);
  const { where, address, lockAddress, unlockAddress, send, clean } = client;
  const newLockId = options.newLockId ?? randomUUID;
  const lockMethod = options.lockMethod ?? 'LOCK';
  const unlockMethod = options.unlockMethod ?? 'UNLOCK';
  let heldLockId: string | undefined;
  const fail = client.fail;
  // The holder comes from the server's body: each field is shown, so each is redacted.
  const cleanHolder = (holder: LockInfo | undefined): LockInfo | undefined =>
    holder === undefined
      ? undefined
      : {
          ...holder,
          id: clean(holder.id),
          who: clean(holder.who),
          host: clean(holder.host),
          operation: clean(holder.operation),
          createdAt: clean(holder.createdAt),
        };

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
        throw new GraphformError(
          'GF_STATE_LOCK_MISMATCH',
          `The state at ${where} is locked${holder === undefined ? '' : ` with id ${holder.id}`}, not ${lockId}.`,
          {
            details: { where, lockId, holderId: holder?.id ?? null },
            hint: holder === undefined ? 'Check the lock id on the state server.' : `If that run is gone, run \`graphform state unlock ${holder.id}\``,
          },
        );
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
  return {
    ID: info.id,
    Operation: info.operation,
    Info: '',
    Who: info.who,
    Version: toolVersion,
    Created: info.createdAt,
    Path: '',
    pid: info.pid,
    host: info.host,
  };
}

function holderOf(response: HttpResponse): LockInfo | undefined {
  try {
    return parseLockInfo(JSON.parse(response.text));
  } catch {
    return undefined;
  }
}

function isHeld(status: number): boolean {
  return status === 409 || status === 423;
}

/** The same error with every text of it redacted (message, hint, string details). */
function redactedError(error: GraphformError, clean: (text: string) => string): GraphformError {
  const details: Record<string, JsonValue> = Object.fromEntries(
    Object.entries(error.details).map(([key, value]) => [key, typeof value === 'string' ? clean(value) : value]),
  );
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

function withQuery(address: string, key: string, value: string): string {
  const url = new URL(address);
  url.searchParams.set(key, value);
  return url.toString();
}
