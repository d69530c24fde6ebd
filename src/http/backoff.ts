/** When to try again: Retry-After when the server gives one, else capped exponential backoff with full jitter. */

export interface BackoffSettings {
  /** First backoff ceiling; doubles on each retry. */
  baseDelayMs: number;
  /** Ceiling of any computed backoff. */
  maxDelayMs: number;
  /** Ceiling of a server's Retry-After; a longer request is shortened to this. */
  maxRetryAfterMs: number;
}

/** Full jitter: uniform in [0, min(max, base * 2^(retry-1))]. `retry` counts from 1. */
export function backoffDelay(retry: number, settings: BackoffSettings, random: () => number): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(ceiling * r);
}

/**
 * Retry-After as milliseconds: delta-seconds (RFC 9110 allows only digits; a decimal is
 * tolerated) or an HTTP-date. Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP-date names its day and month; anything without letters is not one.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

export function retryDelay(
  retry: number,
  retryAfterHeader: string | null | undefined,
  settings: BackoffSettings,
  random: () => number,
  nowMs: number,
): { delayMs: number; source: 'retry-after' | 'backoff' } {
  const fromServer = parseRetryAfter(retryAfterHeader, nowMs);
  if (fromServer !== undefined) return { delayMs: Math.min(fromServer, settings.maxRetryAfterMs), source: 'retry-after' };
  return { delayMs: backoffDelay(retry, settings, random), source: 'backoff' };
}
