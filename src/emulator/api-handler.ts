import type { IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { LineSplitter } from '../data/read/line-splitter.js';
import { isValidSourceId } from '../graph/source-id.js';
import type { AuthVerifier } from './auth.js';
import { collector, readBody } from './body.js';
import { DataBatchParser } from './data-batch.js';
import type { FaultInjector } from './faults.js';
import type { Repository } from './repository.js';
import { text, type Reply } from './respond.js';
import { pushData, purgeData } from './routes-data.js';
import { getTypes, postTypes, putTypes } from './routes-types.js';

export interface GraphDeps {
  repo: Repository;
  auth: AuthVerifier;
  faults: FaultInjector;
  maxBodyBytes: number;
  maxLineBytes: number;
  /** Aborted when the emulator closes, so injected delays end at once. */
  closing: AbortSignal;
}

type RouteKind = 'getTypes' | 'putTypes' | 'postTypes' | 'pushData' | 'purgeData';

const ROUTES: Record<string, Partial<Record<string, RouteKind>>> = {
  '/api/content/v3/types': { GET: 'getTypes', PUT: 'putTypes', POST: 'postTypes' },
  '/api/content/v2/data': { POST: 'pushData', DELETE: 'purgeData' },
};

const DATA_MEDIA_TYPES = ['text/plain', 'application/x-ndjson', 'application/ndjson'];

/** What became of a graph request: an answer, a fault that drops the connection, or a client that left. */
export type GraphOutcome = Reply | { drop: true; note: string } | { aborted: true };

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * One graph request, in the service's order: route, injected faults, credentials, body
 * (size limit, MD5, NDJSON split and parsed line by line as it arrives), signature, id,
 * media type, then the verb. A data request is applied all or nothing, so its data lines
 * are kept until the body ends: it costs about its body size in memory (maxBodyBytes).
 */
export async function handleGraph(req: IncomingMessage, url: URL, deps: GraphDeps): Promise<GraphOutcome> {
  const method = req.method ?? '';
  const target = req.url ?? '';
  const methods = ROUTES[url.pathname];
  if (methods === undefined) return text(404, `No such endpoint: ${url.pathname}`);
  const kind = methods[method];
  if (kind === undefined) {
    const allow = Object.keys(methods).join(', ');
    return { ...text(405, `Method ${method} is not allowed on ${url.pathname} (allowed: ${allow})`), headers: { allow } };
  }

  const fault = deps.faults.take(method, target);
  if (fault?.delayMs !== undefined) {
    try {
      await delay(fault.delayMs, undefined, { signal: deps.closing });
    } catch {
      return { aborted: true };
    }
  }
  if (fault?.drop === true) return { drop: true, note: 'fault: connection dropped' };
  if (fault?.status !== undefined) {
    const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
    return { status: fault.status, text: fault.body ?? `Injected fault: ${fault.status}`, note: `fault: ${fault.status}`, headers };
  }

  const pre = deps.auth.precheck(req.headers.authorization);
  if (!pre.ok) return text(401, pre.message);

  const ids = url.searchParams.getAll('id');
  const id = ids.length === 1 && isValidSourceId(ids[0]) ? ids[0] : undefined;
  const parser = new DataBatchParser();
  const kept = collector();
  let sink: (chunk: Buffer) => void = () => undefined;
  let splitter: LineSplitter | undefined;
  if (kind === 'pushData' && id !== undefined) {
    splitter = new LineSplitter(deps.maxLineBytes, (line, n) => parser.line(line, n), (n) => parser.tooLong(n, deps.maxLineBytes));
    const lines = splitter;
    sink = (chunk) => lines.push(chunk);
  } else if (kind === 'putTypes' || kind === 'postTypes') {
    sink = kept.sink;
  }
  const body = await readBody(req, deps.maxBodyBytes, sink);
  if (body.kind === 'aborted') return { aborted: true };
  if (body.kind === 'too-large') return { ...text(413, `The request body is larger than ${body.limit} bytes`), headers: { connection: 'close' } };
  splitter?.end();

  const failure = deps.auth.verify(pre, method, target, body.md5);
  if (failure !== undefined) return text(401, failure);
  if (ids.length === 0) return text(400, 'The id query parameter is required: name the content source (1-4 characters, a-z and 0-9)');
  if (ids.length > 1) return text(400, 'Give the id query parameter once');
  if (id === undefined) return text(400, `Invalid content source id ${JSON.stringify(ids[0])}: 1-4 characters, a-z and 0-9 only`);

  switch (kind) {
    case 'getTypes':
      return getTypes(deps.repo, id);
    case 'putTypes':
    case 'postTypes':
      if (mediaType(req) !== 'application/json') return text(415, 'The types endpoints take Content-Type: application/json');
      return kind === 'putTypes' ? putTypes(deps.repo, id, kept.bytes()) : postTypes(deps.repo, id, kept.bytes());
    case 'pushData':
      if (!DATA_MEDIA_TYPES.includes(mediaType(req))) return text(415, 'The data endpoint takes Content-Type: text/plain (NDJSON)');
      return pushData(deps.repo, id, parser.finish());
    case 'purgeData':
      return purgeData(deps.repo, id, url.searchParams.getAll('languages'));
    default: {
      const never: never = kind;
      throw new Error(`unknown route ${String(never)}`);
    }
  }
}
