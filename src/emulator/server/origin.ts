import type { IncomingMessage } from 'node:http';

/**
 * The origin a client used to reach the emulator, for URLs it hands back (the `next` page
 * of assets, the ID token's issuer). Built from the Host header, which the server shell
 * has already checked against the emulator's own loopback names, so it cannot be forged.
 */
export function requestOrigin(req: IncomingMessage): string {
  return `http://${req.headers.host ?? ''}`;
}
