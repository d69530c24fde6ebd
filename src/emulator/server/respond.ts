import type { ServerResponse } from 'node:http';

/** What a route decided; the server writes it and logs `note`. */
export type Reply =
  | { status: number; text: string; note: string; headers?: Record<string, string> }
  | { status: number; json: unknown; note: string; headers?: Record<string, string> }
  | { status: number; empty: true; note: string; headers?: Record<string, string> }
  /** A page for a browser (the consent page, the GraphQL page): no external assets, never framed; scripts only as its policy allows. */
  | { status: number; html: string; note: string; headers?: Record<string, string> }
  /** A static file the emulator ships (the GraphiQL page's script and styles). */
  | { status: number; bytes: Buffer; contentType: string; note: string; headers?: Record<string, string> };

export const text = (status: number, message: string, note = message): Reply => ({ status, text: message, note });
export const json = (status: number, value: unknown, note = ''): Reply => ({ status, json: value, note });
export const empty = (status: number, note: string): Reply => ({ status, empty: true, note });

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...reply.headers };
  let body: string | Buffer = '';
  if ('bytes' in reply) {
    headers['content-type'] = reply.contentType;
    headers['x-content-type-options'] = 'nosniff';
    body = reply.bytes;
  } else if ('text' in reply) {
    headers['content-type'] = 'text/plain; charset=utf-8';
    body = reply.text.endsWith('\n') ? reply.text : `${reply.text}\n`;
  } else if ('json' in reply) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = `${JSON.stringify(reply.json)}\n`;
  } else if ('html' in reply) {
    headers['content-type'] = 'text/html; charset=utf-8';
    // A page with a script of its own names it (by hash) in its own policy.
    headers['content-security-policy'] ??= "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
    headers['x-frame-options'] = 'DENY';
    body = reply.html;
  }
  if (body.length > 0) headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}
