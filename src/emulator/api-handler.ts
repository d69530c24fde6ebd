import type { IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { AuthVerifier } from './api-credentials.js';
import { readBody } from './body.js';
import type { FaultInjector } from './faults.js';
import { text, type Reply } from './respond.js';
import type { RouteTable } from './route-table.js';

export interface ApiDeps {
  routes: RouteTable;
  auth: AuthVerifier;
  faults: FaultInjector;
  maxBodyBytes: number;
  /** Aborted when the emulator closes, so injected delays end at once. */
  closing: AbortSignal;
}

/** What became of an API request: an answer, a fault that drops the connection, or a client that left. */
export type ApiOutcome = Reply | { drop: true; note: string } | { aborted: true };

const discard = (): void => undefined;

/**
 * One request under /api/content/, in the service's order: injected faults, then the
 * credentials, and only then the route: a request without valid credentials answers 401
 * whatever its path or method, so an unauthenticated caller learns nothing about which
 * endpoints exist. The body is read (size limit, MD5, the route's own streaming reader)
 * before the signature can be checked; 404 and 405 come after that check.
 */
export async function handleApi(req: IncomingMessage, url: URL, deps: ApiDeps): Promise<ApiOutcome> {
  const method = req.method ?? '';
  const target = req.url ?? '';

  const fault = deps.faults.take(method, target);
  if (fault?.delayMs !== undefined) {
    try {
      await delay(fault.delayMs, undefined, { signal: deps.closing });
    } catch {
      return { aborted: true };
    }
  }
  if (fault?.drop === true) return { drop: true, note: 'fault: connection dropped' };
  if (fault?.status !== undefined) {
    const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
    return { status: fault.status, text: fault.body ?? `Injected fault: ${fault.status}`, note: `fault: ${fault.status}`, headers };
  }

  const pre = deps.auth.precheck(req.headers.authorization);
  if (!pre.ok) return text(401, pre.message);

  const methods = deps.routes.get(url.pathname);
  const exchange = methods?.get(method)?.(req, url);
  const body = await readBody(req, deps.maxBodyBytes, exchange?.sink ?? discard);
  if (body.kind === 'aborted') return { aborted: true };
  if (body.kind === 'too-large') return { ...text(413, `The request body is larger than ${body.limit} bytes`), headers: { connection: 'close' } };
  const failure = deps.auth.verify(pre, method, target, body.md5);
  if (failure !== undefined) return text(401, failure);

  if (methods === undefined) return text(404, `No such endpoint: ${url.pathname}`);
  if (exchange === undefined) {
    const allow = [...methods.keys()].join(', ');
    return { ...text(405, `Method ${method} is not allowed on ${url.pathname} (allowed: ${allow})`), headers: { allow } };
  }
  return exchange.answer();
}
