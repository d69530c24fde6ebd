import type { ServerResponse } from 'node:http';

/** What a route decided; the server writes it and logs `note`. */
export type Reply =
  | { status: number; text: string; note: string; headers?: Record<string, string> }
  | { status: number; json: unknown; note: string; headers?: Record<string, string> }
  | { status: number; empty: true; note: string; headers?: Record<string, string> };

export const text = (status: number, message: string, note = message): Reply => ({ status, text: message, note });
export const json = (status: number, value: unknown, note = ''): Reply => ({ status, json: value, note });
export const empty = (status: number, note: string): Reply => ({ status, empty: true, note });

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...reply.headers };
  let body = '';
  if ('text' in reply) {
    headers['content-type'] = 'text/plain; charset=utf-8';
    body = reply.text.endsWith('\n') ? reply.text : `${reply.text}\n`;
  } else if ('json' in reply) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = `${JSON.stringify(reply.json)}\n`;
  }
  if (body !== '') headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}
