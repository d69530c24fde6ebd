import { GraphformError } from '../diagnostics/errors.js';
import { redactUrl } from '../http/redact.js';
import { GRAPH_ERROR_CODES } from './errors.js';

/**
 * Why a graph service URL cannot be used, or undefined when it can. The config checks
 * graphUrl with this (to point at the line) and the client again (for programmatic use).
 */
export function graphUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'it is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'it must start with http:// or https://';
  if (url.username !== '' || url.password !== '') return 'credentials belong in auth, not in the URL';
  if (url.search !== '' || url.hash !== '') return 'it must not carry a query or fragment';
  return undefined;
}

/**
 * GF_GRAPH_INVALID_URL. The URL is shown through redactUrl: a URL refused for carrying
 * userinfo or a query is exactly the one that may hold a secret by mistake.
 */
export function invalidGraphUrl(baseUrl: string, problem: string, where?: string): GraphformError {
  const at = where === undefined ? '' : `${where}: `;
  return new GraphformError(GRAPH_ERROR_CODES.invalidUrl, `${at}The graph service URL ${JSON.stringify(redactUrl(baseUrl))} is invalid: ${problem}`, {
    hint: "Set the environment's graphUrl to the service root, e.g. https://graph.example.com; keep secrets in auth.",
  });
}

/** The origin and path prefix requests are built from; throws GF_GRAPH_INVALID_URL. */
export function parseBaseUrl(baseUrl: string): { origin: string; pathPrefix: string } {
  const problem = graphUrlProblem(baseUrl);
  if (problem !== undefined) throw invalidGraphUrl(baseUrl, problem);
  const url = new URL(baseUrl);
  return { origin: url.origin, pathPrefix: url.pathname.replace(/\/+$/, '') };
}
