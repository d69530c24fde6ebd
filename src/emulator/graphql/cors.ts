import type { IncomingMessage } from 'node:http';
import type { Reply } from '../server/respond.js';

/**
 * Cross-origin access to the content endpoint, so a frontend's dev server (another port,
 * another origin) can query it from the browser as it queries the service. Allowed: the
 * origins given (`*` for any), or by default every loopback origin (`http://localhost:3000`,
 * `http://127.0.0.1:5173`, `https://[::1]:8443`). The read key travels in a header or the
 * query, never a cookie, so no credentials mode is offered.
 */
export type CorsOrigins = readonly string[] | undefined;

const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** How long a browser may keep a preflight's answer, in seconds. */
const MAX_AGE_SECONDS = 600;

function allowed(origin: string | undefined, origins: CorsOrigins): origin is string {
  if (origin === undefined || origin === '') return false;
  if (origins === undefined) return LOOPBACK_ORIGIN.test(origin);
  return origins.includes('*') || origins.some((o) => o.toLowerCase() === origin.toLowerCase());
}

/** The headers every answer of the endpoint carries for the request's Origin (none when it is not allowed). */
export function corsHeaders(req: IncomingMessage, origins: CorsOrigins): Record<string, string> {
  const origin = req.headers.origin;
  return allowed(origin, origins) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : { vary: 'Origin' };
}

/** The answer to a preflight (OPTIONS): the methods and the headers asked for, or 403 naming the origin. */
export function preflight(req: IncomingMessage, origins: CorsOrigins): Reply {
  const origin = req.headers.origin;
  if (!allowed(origin, origins)) {
    const what = origin ?? '<origin>';
    const how =
      origins === undefined
        ? `start it with --cors-origin ${what} (corsOrigins in startEmulator): by default only loopback origins are allowed`
        : `add it to the origins it was started with, ${origins.join(', ')} (--cors-origin takes a comma-separated list; corsOrigins in startEmulator)`;
    const message = `The origin ${JSON.stringify(origin ?? '')} may not query this emulator from a browser: ${how}`;
    return { status: 403, json: { errors: [{ message }] }, note: `preflight refused for ${String(origin).slice(0, 100)}`, headers: { vary: 'Origin' } };
  }
  const asked = req.headers['access-control-request-headers'];
  return {
    status: 204,
    empty: true,
    note: `preflight for ${origin}`,
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': typeof asked === 'string' && asked !== '' ? asked : 'authorization, content-type',
      'access-control-max-age': String(MAX_AGE_SECONDS),
      vary: 'Origin',
    },
  };
}
