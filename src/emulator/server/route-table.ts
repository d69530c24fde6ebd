import type { IncomingMessage } from 'node:http';
import type { AuthVerifier } from './api-credentials.js';
import type { Reply } from './respond.js';

/**
 * How an emulated service plugs into the server shell. The shell checks the Host, the
 * credentials, injected faults and the body size for every request; a service only says
 * what to do with the body as it arrives and how to answer once it is complete.
 */
export interface Exchange {
  /** Gets the body chunk by chunk as it arrives; epi-hmac signs the whole body, so nothing is answered earlier. */
  sink(chunk: Buffer): void;
  /** Answers once the body is complete and the credentials are verified. */
  answer(): Promise<Reply> | Reply;
}

export type RouteHandler = (req: IncomingMessage, url: URL) => Exchange;

/** Path → method → handler. Maps, since both keys come from the client. */
export type RouteTable = ReadonlyMap<string, ReadonlyMap<string, RouteHandler>>;

const discard = (): void => undefined;

/** An endpoint that takes no body: whatever is sent is read (and signed) but not kept. */
export function withoutBody(answer: (req: IncomingMessage, url: URL) => Promise<Reply> | Reply): RouteHandler {
  return (req, url) => ({ sink: discard, answer: () => answer(req, url) });
}

/** An endpoint with a small body (JSON), kept whole until the answer. */
export function withWholeBody(answer: (req: IncomingMessage, url: URL, body: Buffer) => Promise<Reply> | Reply): RouteHandler {
  return (req, url) => {
    const chunks: Buffer[] = [];
    return { sink: (chunk) => void chunks.push(chunk), answer: () => answer(req, url, Buffer.concat(chunks)) };
  };
}

/** One table from several services' tables; a path served twice is a programming error. */
export function joinRoutes(...tables: readonly RouteTable[]): RouteTable {
  const joined = new Map<string, ReadonlyMap<string, RouteHandler>>();
  for (const table of tables) {
    for (const [path, methods] of table) {
      if (joined.has(path)) throw new Error(`two emulated services serve ${path}`);
      joined.set(path, methods);
    }
  }
  return joined;
}

/** The media type of the request without parameters, lower case ('' when absent). */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * One emulated service under its path prefix. The shell applies the Host check, faults,
 * the request log and the body limit to all of them; only the graph API has its
 * credentials checked before routing, since the OAuth server and the Open API check
 * their own (client secrets, bearer tokens) and answer in their own error format.
 */
export interface EmulatedService {
  /** Starts and ends with '/', e.g. /o/oauth2/ */
  prefix: string;
  routes: RouteTable;
  credentials?: AuthVerifier;
  /** Larger bodies answer 413; the shell's limit when absent. */
  maxBodyBytes?: number;
  /** An answer the shell makes (404, 405, 413, an injected fault), in the service's error format. */
  error(status: number, message: string): Reply;
  /** Headers every answer to this request carries, the shell's own answers included (CORS: a browser reads a 401 only with them). */
  answerHeaders?(req: IncomingMessage): Record<string, string>;
}

/**
 * A service whose code loads on its first request: the OAuth server and the Open API are
 * a score of modules that a plan or apply against the embedded emulator never calls.
 */
export interface LazyService {
  prefix: string;
  load(): Promise<EmulatedService>;
}

export function lazyService(prefix: string, create: () => Promise<EmulatedService>): LazyService {
  let loading: Promise<EmulatedService> | undefined;
  return {
    prefix,
    load() {
      if (loading === undefined) {
        const attempt = create();
        // A failed import is tried again by the next request rather than remembered.
        attempt.catch(() => {
          if (loading === attempt) loading = undefined;
        });
        loading = attempt;
      }
      return loading;
    },
  };
}
