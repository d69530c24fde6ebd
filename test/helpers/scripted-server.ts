import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** What the scripted server does with one request. */
export type ScriptedAnswer =
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Destroys the socket without answering. */
  | { drop: true }
  /** Never answers: the request waits until the client gives up or the test ends. */
  | { silent: true };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
}

/**
 * A plain HTTP server on 127.0.0.1 that records every request and answers from a script,
 * one entry per request (the last entry repeats). Closed when the current test finishes.
 */
export async function startScriptedServer(script: readonly ScriptedAnswer[]): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = script[Math.min(requests.length, script.length - 1)] ?? { status: 200 };
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at });
      if ('drop' in answer) {
        req.socket.destroy();
        return;
      }
      if ('silent' in answer) return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  return { url: await listenForTest(server), requests };
}

/** Listens on a free port of 127.0.0.1 until the current test finishes; the server's URL. */
export async function listenForTest(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
