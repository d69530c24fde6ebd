import type { IncomingMessage } from 'node:http';
import { TOOL_VERSION } from '../../version.js';
import { collector, readBody } from './body.js';
import { checkFaultRule, type FaultInjector } from './faults.js';
import { empty, json, text, type Reply } from './respond.js';
import { handleMarketingInspection, MARKETING_ENDPOINTS } from './marketing-inspect-routes.js';
import type { EmulatorInspector, EmulatorMarketing, ItemQuery } from '../types.js';

const MAX_CONTROL_BODY = 64 * 1024;

const ENDPOINTS = [
  'GET /_emulator/sources',
  'GET /_emulator/cms',
  'GET /_emulator/sources/<id>/definition',
  'GET /_emulator/sources/<id>/counts',
  'GET /_emulator/sources/<id>/items?language=&contentType=&offset=&limit=',
  'GET /_emulator/sources/<id>/unsearchable',
  'GET|DELETE /_emulator/requests',
  'GET|POST|DELETE /_emulator/faults',
  'POST /_emulator/faults/<id>/release',
  ...MARKETING_ENDPOINTS,
  'POST /_emulator/reset',
];

function intParam(url: URL, name: string): number | undefined | 'bad' {
  const value = url.searchParams.get(name);
  if (value === null) return undefined;
  return /^\d{1,9}$/.test(value) ? Number(value) : 'bad';
}

function sourceRoute(inspect: EmulatorInspector, method: string, id: string, view: string, url: URL): Reply {
  if (method !== 'GET') return text(405, 'Only GET is allowed here');
  const missing = text(404, `No source ${id}`);
  switch (view) {
    case 'definition': {
      const definition = inspect.definition(id);
      return definition === undefined ? missing : json(200, definition);
    }
    case 'counts': {
      const counts = inspect.counts(id);
      return counts === undefined ? missing : json(200, counts);
    }
    case 'items': {
      const offset = intParam(url, 'offset');
      const limit = intParam(url, 'limit');
      if (offset === 'bad' || limit === 'bad') return text(400, 'offset and limit are non-negative integers');
      const query: ItemQuery = { offset: offset ?? 0, limit: Math.min(limit ?? 100, 10_000) };
      const language = url.searchParams.get('language');
      const contentType = url.searchParams.get('contentType');
      if (language !== null) query.language = language;
      if (contentType !== null) query.contentType = contentType;
      const page = inspect.items(id, query);
      return page === undefined ? missing : json(200, page);
    }
    case 'unsearchable': {
      const found = inspect.unsearchable(id);
      return found === undefined ? missing : json(200, found);
    }
    default:
      return text(404, `Unknown view ${view}`);
  }
}

async function faultRoute(req: IncomingMessage, faults: FaultInjector): Promise<Reply> {
  switch (req.method) {
    case 'GET':
      return json(200, faults.list());
    case 'DELETE':
      faults.clear();
      return empty(204, 'faults cleared');
    case 'POST': {
      const kept = collector();
      const body = await readBody(req, MAX_CONTROL_BODY, kept.sink);
      if (body.kind !== 'complete') return text(413, `A fault request body is at most ${MAX_CONTROL_BODY} bytes`);
      let value: unknown;
      try {
        value = JSON.parse(kept.bytes().toString('utf8'));
      } catch {
        return text(400, 'Send a fault rule (or an array of them) as JSON');
      }
      const rules = Array.isArray(value) ? value : [value];
      const checked = rules.map(checkFaultRule);
      const bad = checked.find((c) => !c.ok);
      if (bad !== undefined && !bad.ok) return text(400, `Invalid fault rule: ${bad.message}`);
      return json(
        201,
        checked.map((c) => (c.ok ? faults.add(c.rule) : undefined)),
      );
    }
    default:
      return text(405, 'Use GET, POST or DELETE');
  }
}

/** The unauthenticated control API under /_emulator/: inspection, request log, faults, clock, reset. */
export async function handleInspection(
  req: IncomingMessage,
  url: URL,
  inspect: EmulatorInspector,
  faults: FaultInjector,
  marketing: EmulatorMarketing,
): Promise<Reply> {
  const method = req.method ?? '';
  const parts = url.pathname
    .split('/')
    .filter((p) => p !== '')
    .slice(1);
  const [first, id, view, ...rest] = parts;
  // A web page may send a cross-origin POST with a "simple" content type and no preflight;
  // requiring JSON keeps any page the user visits from resetting or faulting the emulator.
  if (method === 'POST' && !/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    return text(415, 'Control requests need Content-Type: application/json');
  }
  if (first === undefined)
    return json(200, { name: 'graphform emulator (graph service, authorization server, Open API)', version: TOOL_VERSION, endpoints: ENDPOINTS });
  if (first === 'sources' && id === undefined) return method === 'GET' ? json(200, inspect.sources()) : text(405, 'Only GET is allowed here');
  if (first === 'cms' && id === undefined) return method === 'GET' ? json(200, inspect.cms()) : text(405, 'Only GET is allowed here');
  if (first === 'sources' && id !== undefined && view !== undefined && rest.length === 0) return sourceRoute(inspect, method, id, view, url);
  if (first === 'requests' && id === undefined) {
    if (method === 'GET') return json(200, inspect.requests());
    if (method === 'DELETE') {
      inspect.clearRequests();
      return empty(204, 'request log cleared');
    }
    return text(405, 'Use GET or DELETE');
  }
  if (first === 'faults' && id === undefined) return faultRoute(req, faults);
  if (first === 'faults' && view === 'release' && rest.length === 0) {
    if (method !== 'POST') return text(405, 'Use POST');
    return /^\d{1,9}$/.test(id ?? '') && faults.release(Number(id)) ? empty(204, `fault ${id} released`) : text(404, `No hold rule ${id ?? ''} is in place`);
  }
  const marketingReply = first !== undefined && id === undefined ? await handleMarketingInspection(req, first, marketing) : undefined;
  if (marketingReply !== undefined) return marketingReply;
  if (first === 'reset' && id === undefined) {
    if (method !== 'POST') return text(405, 'Use POST');
    await inspect.reset();
    return empty(204, 'reset');
  }
  return text(404, `No such emulator endpoint: ${url.pathname}`);
}
