import type { IncomingMessage } from 'node:http';
import { sameText } from '../server/same-text.js';

/** How a caller learns to authenticate: the two ways the service takes a read key. */
export const READ_KEY_HINT = 'send the read key as ?auth=<singleKey> or as the header Authorization: epi-single <singleKey>';

/**
 * Checks the read key (the service's "single key") of a content GraphQL request: in the
 * query as `auth`, or as `Authorization: epi-single <key>`. Returns why it is refused, or
 * undefined when it is the emulator's key. A key given both ways must be given the same.
 */
export function readKeyProblem(req: IncomingMessage, url: URL, singleKey: string): string | undefined {
  const fromQuery = url.searchParams.getAll('auth');
  if (fromQuery.length > 1) return 'The auth parameter is given more than once';
  const header = req.headers.authorization;
  let fromHeader: string | undefined;
  if (header !== undefined && header.trim() !== '') {
    const match = /^epi-single\s+(\S+)\s*$/i.exec(header.trim());
    if (match?.[1] === undefined)
      return `This endpoint takes a read key or admin credentials (epi-hmac, Basic), not this Authorization scheme: ${READ_KEY_HINT}`;
    fromHeader = match[1];
  }
  const keys = [...fromQuery, ...(fromHeader === undefined ? [] : [fromHeader])];
  if (keys.length === 0) return `Missing read key: ${READ_KEY_HINT}`;
  return keys.every((key) => sameText(key, singleKey)) ? undefined : 'Unknown read key';
}
