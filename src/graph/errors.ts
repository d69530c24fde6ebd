import { GraphformError } from '../diagnostics/errors.js';
import type { HttpTransportError } from '../http/errors.js';

/** Stable error codes of the graph client (besides GF_INVALID_SOURCE_ID, see source-id.ts). */
export const GRAPH_ERROR_CODES = {
  /** Prefix: the service answered with a non-2xx status; the full code is GF_GRAPH_HTTP_<status>. */
  httpPrefix: 'GF_GRAPH_HTTP_',
  unreachable: 'GF_GRAPH_UNREACHABLE',
  timeout: 'GF_GRAPH_TIMEOUT',
  aborted: 'GF_GRAPH_ABORTED',
  /** A 2xx answer the client cannot read (GET types that is not a JSON object). */
  badResponse: 'GF_GRAPH_BAD_RESPONSE',
  /** A call the client refuses to make (purge without languages). */
  badRequest: 'GF_GRAPH_BAD_REQUEST',
  /** baseUrl is not an http(s) URL without userinfo, query or fragment. */
  invalidUrl: 'GF_GRAPH_INVALID_URL',
  /** The service has no sources API: GET /api/content/v3/sources answered 404, 405 or 501. */
  sourcesUnsupported: 'GF_GRAPH_SOURCES_UNSUPPORTED',
  /** A body carries "[redacted]" where the service holds no secret to send back in its place (secret-values.ts). */
  secretNotHeld: 'GF_GRAPH_SECRET_NOT_HELD',
} as const;

/** The most a message quotes of what the service said: enough for its reason, never a whole page. */
const MAX_MESSAGE_CHARS = 300;

export function graphHttpCode(status: number): `GF_GRAPH_HTTP_${number}` {
  return `${GRAPH_ERROR_CODES.httpPrefix}${status}`;
}

/** The service answered with an error status. `path` holds only the path and query (no host, no secrets). */
export class GraphServiceError extends GraphformError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  /** The service's response body as text, truncated; its shape is not documented. */
  readonly serviceMessage: string;
  readonly attempts: number;

  constructor(init: { status: number; method: string; path: string; body: string; attempts: number }) {
    const serviceMessage = truncate(init.body.trim(), MAX_MESSAGE_CHARS);
    const said = serviceMessage === '' ? '' : `: ${serviceMessage}`;
    const hint = hintFor(init.status, init.method, init.path, init.attempts);
    super(graphHttpCode(init.status), `The graph service answered ${init.status} to ${init.method} ${init.path}${said}`, {
      details: { status: init.status, method: init.method, path: init.path, serviceMessage, attempts: init.attempts },
      ...(hint === undefined ? {} : { hint }),
    });
    this.name = 'GraphServiceError';
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.serviceMessage = serviceMessage;
    this.attempts = init.attempts;
  }
}

export function isGraphServiceError(error: unknown): error is GraphServiceError {
  return error instanceof GraphServiceError;
}

function hintFor(status: number, method: string, path: string, attempts: number): string | undefined {
  const tries = attempts > 1 ? ` (gave up after ${attempts} attempts)` : '';
  if (status === 401) {
    return "Check the environment's appKey and secret, and that this machine's clock is right:\nepi-hmac signatures carry a timestamp the service checks.";
  }
  if (status === 403) {
    return (
      'The account refused the call: ' +
      'custom content sources must be enabled for it,\nand a full update fails when it would create more sources than the account allows.'
    );
  }
  if (status === 404 && method === 'POST' && path.startsWith('/api/content/v3/types')) {
    return 'A partial update needs a full update (PUT) of the source first: plan with --strategy full.';
  }
  if (status === 404 && method === 'DELETE' && path.startsWith('/api/content/v3/sources')) {
    return 'The content source does not exist on the service: there is nothing to delete.';
  }
  if (status === 404) return 'The content source does not exist on the service: apply its declaration first.';
  if (status === 413) return 'The request is too large for the service: lower data.batchMaxBytes in the config.';
  if (status === 429) return `The service is rate limiting this account${tries}: try again later.`;
  if (status >= 500) return `The service failed${tries}: try again later.`;
  if (status === 400) return 'The service rejected the request; its message above says why.';
  return undefined;
}

/**
 * The service answered the sources API with 404, 405 or 501: it has none. Thrown rather
 * than returned so listSources keeps its plain signature; a planner catches it with
 * isSourcesUnsupported and falls back to state and GET types, with one warning.
 */
export function sourcesUnsupportedError(method: string, path: string, status: number): GraphformError {
  return new GraphformError(GRAPH_ERROR_CODES.sourcesUnsupported, `The graph service has no sources API: it answered ${status} to ${method} ${path}`, {
    details: { method, path, status },
    hint: 'Labels, descriptions and sources outside graphform cannot be read from this service; graphform works from state and GET types alone.',
  });
}

/** A request refused before it was sent: "[redacted]" at `paths`, and no secret on the service to put there. */
export function secretNotHeldError(id: string, method: string, path: string, paths: readonly string[]): GraphformError {
  return new GraphformError(
    GRAPH_ERROR_CODES.secretNotHeld,
    `Refusing to send ${method} ${path}: the request for source ${id} carries "[redacted]" at ${paths.join(', ')} in place of a secret, ` +
      'and the service holds no secret there to send back; nothing was sent for the source',
    {
      details: { id, method, path, paths: [...paths] },
      hint:
        'graphform never writes a secret: ' +
        'declarations, state and plans hold "[redacted]" in its place, and each request sends back the value the service holds. ' +
        "Put the value back on the service, or declare the field with a value that is not one of graphform's secrets, then run `graphform plan` again.",
    },
  );
}

export function isSourcesUnsupported(error: unknown): error is GraphformError {
  return error instanceof GraphformError && error.code === GRAPH_ERROR_CODES.sourcesUnsupported;
}

/** A transport failure of the shared HTTP layer, in the graph client's vocabulary. */
export function graphTransportError(error: HttpTransportError, path: string): GraphformError {
  const details = { method: error.method, path, attempts: error.attempts, reason: String(error.details.reason ?? '') };
  switch (error.kind) {
    case 'timeout':
      return new GraphformError(GRAPH_ERROR_CODES.timeout, `The graph service did not answer ${error.method} ${path} in time (${error.attempts} attempts)`, {
        details,
        hint: 'The service may be overloaded: try again later, or raise http.timeoutMs in the config.',
        cause: error,
      });
    case 'unreachable':
      return new GraphformError(
        GRAPH_ERROR_CODES.unreachable,
        `Could not reach the graph service for ${error.method} ${path} (${error.attempts} attempts): ${details.reason}`,
        {
          details,
          hint: "Check the environment's graphUrl and the network, then try again.",
          cause: error,
        },
      );
    case 'aborted':
      return new GraphformError(GRAPH_ERROR_CODES.aborted, `${error.method} ${path} was cancelled`, { details, cause: error });
    default: {
      const never: never = error.kind;
      throw new Error(`unknown transport failure ${String(never)}`);
    }
  }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
