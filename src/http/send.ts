import { retryDelay, type BackoffSettings } from './backoff.js';
import { describeNetworkError, HttpTransportError, ResponseLimitReached, ResponseTooLargeError, type TransportFailure } from './errors.js';
import { describeHeaders, redact } from './redact.js';
import { exchange } from './transport.js';
import { DEFAULT_HTTP_SETTINGS, type HttpOptions, type HttpRequest, type HttpResponse } from './types.js';

type AttemptOutcome =
  | { kind: 'response'; response: HttpResponse; retryAfter: string | null }
  | { kind: 'failure'; failure: Exclude<TransportFailure, 'aborted'>; reason: string; error: unknown };

/**
 * Sends a request with a per-attempt timeout, retrying network failures, timeouts and the
 * retryable statuses (429, 502, 503, 504) with backoff; any other status is returned as
 * is, on the first attempt. `build` is called again for every attempt, so a caller that
 * signs requests signs each attempt afresh. Resolves with the last response (which may be
 * a retryable status when the attempts ran out); throws HttpTransportError when the last
 * attempt got no response at all.
 */
export async function sendWithRetry(build: (attempt: number) => HttpRequest | Promise<HttpRequest>, options: HttpOptions = {}): Promise<HttpResponse> {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_HTTP_SETTINGS.maxAttempts));
  const retryStatuses = options.retryStatuses ?? DEFAULT_HTTP_SETTINGS.retryStatuses;
  const settings: BackoffSettings = {
    baseDelayMs: options.baseDelayMs ?? DEFAULT_HTTP_SETTINGS.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_HTTP_SETTINGS.maxDelayMs,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_HTTP_SETTINGS.maxRetryAfterMs,
  };
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? abortableSleep;
  const secrets = options.secrets ?? [];
  // Log lines are built only when someone reads them: redacting costs as much as a small request.
  const log = (line: () => string): void => {
    if (options.log !== undefined) options.log(redact(line(), secrets));
  };

  for (let attempt = 1; ; attempt++) {
    const request = await build(attempt);
    let shownUrl: string | undefined;
    const safeUrl = (): string => (shownUrl ??= redact(options.showUrl?.(request.url) ?? request.url, secrets));
    const label = (): string => `${request.method} ${safeUrl()}`;
    if (options.signal?.aborted === true) {
      throw new HttpTransportError('aborted', { method: request.method, url: safeUrl(), attempts: attempt - 1, reason: 'cancelled' });
    }
    const started = now();
    const outcome = await attemptOnce(request, options.timeoutMs ?? DEFAULT_HTTP_SETTINGS.timeoutMs, attempt, options.signal, options.maxResponseBytes);
    if (outcome instanceof ResponseLimitReached) {
      log(() => `${label()} attempt ${attempt}/${maxAttempts} → answer over ${outcome.limit} bytes`);
      throw new ResponseTooLargeError({ method: request.method, url: safeUrl(), limit: outcome.limit });
    }
    if (outcome === 'aborted') {
      throw new HttpTransportError('aborted', { method: request.method, url: safeUrl(), attempts: attempt, reason: 'cancelled' });
    }
    const elapsed = `${Math.max(0, now() - started)} ms`;
    const head = (): string => `${label()} attempt ${attempt}/${maxAttempts} [${describeHeaders(request.headers ?? {})}]`;
    const result = outcome.kind === 'response' ? `${outcome.response.status}` : `${outcome.failure} (${outcome.reason})`;
    const retryable = outcome.kind === 'failure' || retryStatuses.includes(outcome.response.status);

    if (!retryable || attempt >= maxAttempts) {
      log(() => `${head()} → ${result} in ${elapsed}`);
      if (outcome.kind === 'response') return outcome.response;
      throw new HttpTransportError(outcome.failure, {
        method: request.method,
        url: safeUrl(),
        attempts: attempt,
        reason: redact(outcome.reason, secrets),
        cause: outcome.error,
      });
    }
    const retryAfter = outcome.kind === 'response' ? outcome.retryAfter : null;
    const wait = retryDelay(attempt, retryAfter, settings, random, now());
    log(() => `${head()} → ${result} in ${elapsed}; retrying in ${wait.delayMs} ms (${wait.source})`);
    await sleep(wait.delayMs, options.signal);
  }
}

async function attemptOnce(
  request: HttpRequest,
  timeoutMs: number,
  attempt: number,
  outer: AbortSignal | undefined,
  limit: number | undefined,
): Promise<AttemptOutcome | 'aborted' | ResponseLimitReached> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(), timeoutMs);
  const signal = outer === undefined ? timer.signal : AbortSignal.any([timer.signal, outer]);
  try {
    const response = await exchange(request, signal, limit);
    return { kind: 'response', response: { ...response, attempts: attempt }, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    if (error instanceof ResponseLimitReached) return error;
    if (outer?.aborted === true) return 'aborted';
    if (timer.signal.aborted) return { kind: 'failure', failure: 'timeout', reason: `no complete response within ${timeoutMs} ms`, error };
    return { kind: 'failure', failure: 'unreachable', reason: describeNetworkError(error), error };
  } finally {
    clearTimeout(handle);
  }
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted === true) return resolve();
    const done = (): void => {
      clearTimeout(handle);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const handle = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
