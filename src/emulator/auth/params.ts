import type { IncomingMessage } from 'node:http';
import { parseJsonBody } from '../server/json-body.js';
import { mediaType } from '../server/route-table.js';

export type ParamsResult = { ok: true; params: ReadonlyMap<string, string> } | { ok: false; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The parameters of a token or revoke request. The contract shows JSON bodies; published
 * OAuth libraries send application/x-www-form-urlencoded (RFC 6749), and the service is
 * reported to take both, so both are read. Every value is a string, and none may repeat.
 */
export function requestParams(req: IncomingMessage, body: Buffer): ParamsResult {
  const type = mediaType(req);
  if (type === 'application/json') return jsonParams(body);
  if (type === 'application/x-www-form-urlencoded') return formParams(body);
  return { ok: false, message: 'Send the parameters as a JSON object (Content-Type: application/json) or form-encoded (application/x-www-form-urlencoded)' };
}

function jsonParams(body: Buffer): ParamsResult {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) return { ok: false, message: 'text' in parsed.reply ? parsed.reply.text : 'The request body is not JSON' };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'The request body must be a JSON object' };
  const params = new Map<string, string>();
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') return { ok: false, message: `${key} must be a string` };
    params.set(key, item);
  }
  return { ok: true, params };
}

/** A form body (also the consent page's POST), or why it is not one. */
export function formParams(body: Buffer): ParamsResult {
  let source: string;
  try {
    source = decoder.decode(body);
  } catch {
    return { ok: false, message: 'The request body is not valid UTF-8' };
  }
  const params = new Map<string, string>();
  for (const [key, item] of new URLSearchParams(source)) {
    if (params.has(key)) return { ok: false, message: `${key} is given more than once` };
    params.set(key, item);
  }
  return { ok: true, params };
}
