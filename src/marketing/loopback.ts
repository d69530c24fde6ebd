import { isIP } from 'node:net';
import { GraphformError } from '../diagnostics/errors.js';
import { redactUrl } from '../http/redact.js';
import { AUTH_ERROR_CODES } from './codes.js';

/** Where the login's callback server listens: redirectUri's host, port and path. */
export interface LoopbackRedirect {
  /** The host to bind, without brackets (127.0.0.1, ::1, localhost). */
  host: string;
  port: number;
  path: string;
}

/**
 * Reads redirectUri for the callback server. Only a loopback address is accepted: the
 * code arrives at whatever listens there, and on any other address that could be another
 * machine, or every machine on the network.
 */
export function parseLoopbackRedirect(redirectUri: string): LoopbackRedirect {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw notLoopback(redirectUri, 'it is not a URL');
  }
  if (url.protocol !== 'http:') throw notLoopback(redirectUri, `graphform listens with plain http on a loopback address, not ${url.protocol.replace(':', '')}`);
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw notLoopback(redirectUri, 'it carries userinfo, a query or a fragment');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isLoopback(host)) throw notLoopback(redirectUri, `${host} is not a loopback address`);
  return { host, port: url.port === '' ? 80 : Number(url.port), path: url.pathname };
}

export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

function notLoopback(redirectUri: string, why: string): GraphformError {
  return new GraphformError(AUTH_ERROR_CODES.redirectNotLoopback, `marketing.redirectUri ${redactUrl(redirectUri)} cannot receive the login: ${why}.`, {
    details: { redirectUri: redactUrl(redirectUri) },
    hint:
      'Register the app with a loopback callback such as http://127.0.0.1:8765/callback and set marketing.redirectUri to exactly that. ' +
      'Nothing was sent and stored tokens were left as they were.',
  });
}
