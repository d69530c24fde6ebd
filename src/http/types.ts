import type { BackoffSettings } from './backoff.js';

/** One attempt's request; rebuilt for every attempt so signatures can be fresh. */
export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** The answer's headers, by name (any case). */
export interface ResponseHeaders {
  get(name: string): string | null;
}

export interface HttpResponse {
  status: number;
  headers: ResponseHeaders;
  /** The whole response body as text ('' when empty). */
  text: string;
  /** How many attempts were made, this one included. */
  attempts: number;
}

export interface HttpOptions extends Partial<BackoffSettings> {
  /** Per-attempt limit, from sending the request to the last byte of the response. Default 30 s. */
  timeoutMs?: number;
  /** Total attempts, the first included. Default 4. */
  maxAttempts?: number;
  /** Statuses worth another attempt. Default 429, 502, 503, 504. Other 4xx are never retried. */
  retryStatuses?: readonly number[];
  /** Verbose request log, one line per attempt; lines are redacted before they get here. */
  log?: (line: string) => void;
  /** Values to remove from every log line (secrets, tokens, encoded credentials). */
  secrets?: readonly string[];
  /** How a URL is shown in logs and errors, for callers whose query may carry tokens. */
  showUrl?: (url: string) => string;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Uniform in [0, 1); drives the backoff jitter. */
  random?: () => number;
  /** Milliseconds since the epoch; used for durations and HTTP-date Retry-After. */
  now?: () => number;
  /** The most bytes of one answer read (before and after inflating); default 64 MiB (transport.ts). */
  maxResponseBytes?: number;
  /** Cancels the whole exchange, waits included; never retried. */
  signal?: AbortSignal;
}

export const DEFAULT_HTTP_SETTINGS = {
  timeoutMs: 30_000,
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  retryStatuses: [429, 502, 503, 504] as readonly number[],
} as const;
