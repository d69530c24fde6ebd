import { GraphformError } from '../diagnostics/errors.js';

/** Stable codes of transport failures (no HTTP status was received on the last attempt). */
export const HTTP_ERROR_CODES = {
  timeout: 'GF_HTTP_TIMEOUT',
  unreachable: 'GF_HTTP_UNREACHABLE',
  aborted: 'GF_HTTP_ABORTED',
} as const;

export type TransportFailure = keyof typeof HTTP_ERROR_CODES;

/**
 * The request never got an answer: every attempt timed out or failed on the network, or
 * the caller cancelled. `url` is already redacted.
 */
export class HttpTransportError extends GraphformError {
  readonly kind: TransportFailure;
  readonly attempts: number;
  readonly method: string;
  readonly url: string;

  constructor(kind: TransportFailure, init: { method: string; url: string; attempts: number; reason: string; cause?: unknown }) {
    const what = kind === 'timeout' ? 'timed out' : kind === 'aborted' ? 'was cancelled' : `could not reach the server (${init.reason})`;
    const tries = init.attempts === 1 ? '1 attempt' : `${init.attempts} attempts`;
    super(HTTP_ERROR_CODES[kind], `${init.method} ${init.url} ${what} after ${tries}`, {
      details: { method: init.method, url: init.url, attempts: init.attempts, reason: init.reason },
      cause: init.cause,
    });
    this.name = 'HttpTransportError';
    this.kind = kind;
    this.attempts = init.attempts;
    this.method = init.method;
    this.url = init.url;
  }
}

/** A short, secret-free reason for a network failure (the socket error itself, or the one in `cause`). */
export function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
  }
  return String(cause);
}

/**
 * The answer was larger than graphform reads of one answer (MAX_RESPONSE_BYTES): its
 * reading stopped there, so a runaway or hostile server cannot fill the memory. Never
 * retried: the same request gets the same answer. `url` is already redacted.
 */
export class ResponseTooLargeError extends GraphformError {
  constructor(init: { method: string; url: string; limit: number }) {
    const mib = Math.floor(init.limit / (1024 * 1024));
    super(
      'GF_HTTP_RESPONSE_TOO_LARGE',
      `${init.method} ${init.url}: the answer is larger than ${mib} MiB, the most graphform reads of one answer; it was not read`,
      {
        details: { method: init.method, url: init.url, limit: init.limit },
        hint: 'Check that the URL points at the service (a proxy or a file server may answer with something else).',
      },
    );
    this.name = 'ResponseTooLargeError';
  }
}

/** Thrown by the transport when an answer passes the limit; sendWithRetry names the request. */
export class ResponseLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`);
    this.name = 'ResponseLimitReached';
  }
}
