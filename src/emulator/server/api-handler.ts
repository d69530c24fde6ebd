import type { IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { readBody } from './body.js';
import type { FaultInjector } from './faults.js';
import { markUnindexed } from './unindexed.js';
import type { Reply } from './respond.js';
import type { EmulatedService, LazyService } from './route-table.js';

export interface ApiDeps {
  /** The emulated services, each under its own path prefix; a lazy one loads before its first request is handled. */
  services: readonly (EmulatedService | LazyService)[];
  faults: FaultInjector;
  maxBodyBytes: number;
  /** Aborted when the emulator closes, so injected delays end at once. */
  closing: AbortSignal;
}

/** What became of a service request: an answer, a fault that drops the connection, or a client that left. */
export type ApiOutcome = Reply | { drop: true; note: string } | { aborted: true };

const discard = (): void => undefined;

/** Waits for a held request's release: true, or false when the emulator closes first. */
function released(release: Promise<void>, closing: AbortSignal): Promise<boolean> {
  if (closing.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = (): void => resolve(false);
    closing.addEventListener('abort', onClose, { once: true });
    void release.then(() => {
      closing.removeEventListener('abort', onClose);
      resolve(true);
    });
  });
}

/**
 * One request to an emulated service, in the real services' order: injected faults, then
 * (for the graph API) the credentials, and only then the route: a graph request without
 * valid credentials answers 401 whatever its path or method, so an unauthenticated caller
 * learns nothing about which endpoints exist. The body is read (size limit, MD5, the
 * route's own streaming reader) before the signature can be checked; 404 and 405 come
 * after that check.
 */
export async function handleApi(req: IncomingMessage, url: URL, service: EmulatedService, deps: ApiDeps): Promise<ApiOutcome> {
  const method = req.method ?? '';
  const target = req.url ?? '';

  const taken = deps.faults.take(method, target);
  if (taken?.release !== undefined && !(await released(taken.release, deps.closing))) return { aborted: true };
  const fault = taken?.rule;
  if (fault?.delayMs !== undefined) {
    try {
      await delay(fault.delayMs, undefined, { signal: deps.closing });
    } catch {
      return { aborted: true };
    }
  }
  if (fault?.drop === true) return { drop: true, note: 'fault: connection dropped' };
  if (fault?.unindexed !== undefined) markUnindexed(req, fault.unindexed);
  if (fault?.status !== undefined) {
    const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
    const answer: Reply =
      fault.body === undefined ? service.error(fault.status, `Injected fault: ${fault.status}`) : { status: fault.status, text: fault.body, note: '' };
    return { ...answer, note: `fault: ${fault.status}`, headers: { ...answer.headers, ...headers } };
  }

  const credentials = service.credentials;
  const pre = credentials?.precheck(req.headers.authorization);
  if (pre !== undefined && !pre.ok) return service.error(401, pre.message);

  const methods = service.routes.get(url.pathname);
  const exchange = methods?.get(method)?.(req, url);
  const limit = service.maxBodyBytes ?? deps.maxBodyBytes;
  const body = await readBody(req, limit, exchange?.sink ?? discard);
  if (body.kind === 'aborted') return { aborted: true };
  if (body.kind === 'too-large') {
    const tooLarge = service.error(413, `The request body is larger than ${body.limit} bytes`);
    return { ...tooLarge, headers: { ...tooLarge.headers, connection: 'close' } };
  }
  const failure = pre === undefined ? undefined : credentials?.verify(pre, method, target, body.md5);
  if (failure !== undefined) return service.error(401, failure);

  if (methods === undefined) return service.error(404, `No such endpoint: ${url.pathname}`);
  if (exchange === undefined) {
    const allow = [...methods.keys()].join(', ');
    const refused = service.error(405, `Method ${method} is not allowed on ${url.pathname} (allowed: ${allow})`);
    return { ...refused, headers: { ...refused.headers, allow } };
  }
  return exchange.answer();
}
