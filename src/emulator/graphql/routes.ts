import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isRecord } from '../graph/own.js';
import type { AuthVerifier } from '../server/api-credentials.js';
import { parseJsonBody } from '../server/json-body.js';
import type { Reply } from '../server/respond.js';
import { mediaType, withoutBody, withWholeBody, type EmulatedService } from '../server/route-table.js';
import type { ItemStore } from '../items/item-store.js';
import type { MemoryStore } from '../server/store.js';
import type { ItemField } from '../types.js';
import { corsHeaders, preflight, type CorsOrigins } from './cors.js';
import type { GraphqlEngine, GraphqlRequest } from './engine.js';
import type { Reader } from './item-query.js';
import { graphqlPage, PAGE_POLICY } from './page.js';
import { GRAPHQL_PATH, GRAPHQL_PREFIX } from './paths.js';
import { readKeyProblem } from './read-key.js';

export interface GraphqlServiceDeps {
  store: MemoryStore;
  items: ItemStore;
  singleKey: string;
  /** The admin API's credentials (epi-hmac and Basic), which the query endpoint takes too. */
  auth: AuthVerifier;
  /** The clock for expiry (StopPublish), cursors and the query time limit. */
  now: () => number;
  /** The optional item fields every content type serves (EmulatorOptions.itemFields, resolved). */
  itemFields: readonly ItemField[];
  /** The origins a browser may query from; undefined for every loopback origin. */
  corsOrigins: CorsOrigins;
  /** Which keys of an item's data line its last push left unindexed; none when absent. */
  unindexed?: (source: string, lang: string, id: string) => ReadonlySet<string> | undefined;
}

/** A query document is text a person types; a megabyte is far more than any. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Every refusal in GraphQL's error shape, which clients such as graphql-request read. */
export function graphqlError(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return { status, json: { errors: [{ message }] }, note: message, headers };
}

/**
 * The content GraphQL endpoint: POST a query with the read key; GET the page where a
 * person can type one. The engine, and with it the graphql package, is imported on the
 * first query, so nothing else the emulator does pays for it.
 */
export function graphqlService(deps: GraphqlServiceDeps): EmulatedService {
  let engine: Promise<GraphqlEngine> | undefined;
  const loadEngine = (): Promise<GraphqlEngine> => {
    if (engine === undefined) {
      const loading = import('./engine.js').then((m) => m.createGraphqlEngine(deps.store, deps.items, deps.now, deps.itemFields, deps.unindexed));
      // A failed import is tried again by the next request rather than remembered.
      loading.catch(() => {
        if (engine === loading) engine = undefined;
      });
      engine = loading;
    }
    return engine;
  };

  const run = async (reader: Reader, request: GraphqlRequest): Promise<Reply> => {
    const answer = await (await loadEngine()).execute(request, reader);
    const errors = answer.body.errors?.length ?? 0;
    return { status: answer.status, json: answer.body, note: errors === 0 ? 'query answered' : `${errors} GraphQL error(s)` };
  };

  const query = withWholeBody(async (req, url, body) => {
    const reader = readerOf(req, url, body, deps);
    if (typeof reader === 'string') return graphqlError(401, reader, { 'www-authenticate': 'epi-single' });
    if (mediaType(req) !== 'application/json') return graphqlError(415, 'Send the query as JSON: Content-Type: application/json');
    const parsed = parseJsonBody(body);
    if (!parsed.ok) return graphqlError(400, 'text' in parsed.reply ? parsed.reply.text : 'The request body is not JSON');
    const request = graphqlRequest(parsed.value);
    if (typeof request === 'string') return graphqlError(400, request);
    return run(reader, request);
  });

  // GET with ?query= is a query (GraphQL over HTTP, as the service takes it); without one, a
  // browser gets the page and any other client an error saying what to send.
  const get = withWholeBody(async (req, url, body) => {
    if (!url.searchParams.has('query')) {
      if (wantsJson(req)) return graphqlError(400, 'A GET query needs ?query=… (and optionally &variables={…}&operationName=…)');
      return { status: 200, html: graphqlPage(), note: 'query page', headers: { 'content-security-policy': PAGE_POLICY } };
    }
    const reader = readerOf(req, url, body, deps);
    if (typeof reader === 'string') return graphqlError(401, reader, { 'www-authenticate': 'epi-single' });
    const request = queryStringRequest(url);
    if (typeof request === 'string') return graphqlError(400, request);
    return run(reader, request);
  });

  return {
    prefix: GRAPHQL_PREFIX,
    maxBodyBytes: MAX_BODY_BYTES,
    error: (status, message) => graphqlError(status, message),
    answerHeaders: (req) => corsHeaders(req, deps.corsOrigins),
    routes: new Map([
      [
        GRAPHQL_PATH,
        new Map([
          ['POST', query],
          ['GET', get],
          ['OPTIONS', withoutBody((req) => preflight(req, deps.corsOrigins))],
        ]),
      ],
    ]),
  };
}

/** Whether a GET asks for JSON (Accept names it before HTML) rather than the page a browser's address bar gets. */
function wantsJson(req: IncomingMessage): boolean {
  const accept = (req.headers.accept ?? '').toLowerCase();
  const html = accept.indexOf('text/html');
  const json = accept.search(/application\/(?:graphql-response\+)?json/);
  return json !== -1 && (html === -1 || json < html);
}

/** `?query=&variables=&operationName=`, or what is wrong with them. */
function queryStringRequest(url: URL): GraphqlRequest | string {
  const params = url.searchParams;
  for (const name of ['query', 'variables', 'operationName']) if (params.getAll(name).length > 1) return `The ${name} parameter is given more than once`;
  const variables = params.get('variables');
  let parsed: unknown;
  if (variables !== null && variables !== '') {
    try {
      parsed = JSON.parse(variables);
    } catch {
      return 'variables must be JSON: ?variables={"name": value}';
    }
  }
  return graphqlRequest({ query: params.get('query'), variables: parsed, operationName: params.get('operationName') ?? undefined });
}

/**
 * Who asks, or why the request is refused. epi-hmac and Basic are the admin API's
 * credentials, verified as there (the signature covers the method, path and query, and the
 * body); they see every item, and deleted ones too with `cg-include-deleted: true`. Anything
 * else must be the read key. Both at once is refused rather than guessed at.
 */
function readerOf(req: IncomingMessage, url: URL, body: Buffer, deps: GraphqlServiceDeps): Reader | string {
  const header = req.headers.authorization?.trim() ?? '';
  const scheme = /^(\S+)\s/.exec(header)?.[1]?.toLowerCase();
  if (scheme !== 'basic' && scheme !== 'epi-hmac') return readKeyProblem(req, url, deps.singleKey) ?? { kind: 'single-key' };
  if (url.searchParams.has('auth')) return 'Send either the read key (auth) or admin credentials (Authorization), not both';
  const pre = deps.auth.precheck(header);
  const md5 = createHash('md5').update(body).digest('base64');
  const failure = deps.auth.verify(pre, (req.method ?? '').toUpperCase(), req.url ?? '', md5);
  if (failure !== undefined) return failure;
  const includeDeleted = req.headers['cg-include-deleted'];
  return { kind: 'admin', includeDeleted: typeof includeDeleted === 'string' && includeDeleted.trim().toLowerCase() === 'true' };
}

/** `{query, variables?, operationName?}`, or what is wrong with it. */
function graphqlRequest(value: unknown): GraphqlRequest | string {
  if (!isRecord(value)) return 'The body must be a JSON object: {"query": "…", "variables": {…}}';
  if (typeof value.query !== 'string' || value.query.trim() === '') return 'The body has no query: send {"query": "…"}';
  const variables = value.variables ?? undefined;
  if (variables !== undefined && !isRecord(variables)) return 'variables must be a JSON object';
  const operationName = value.operationName ?? undefined;
  if (operationName !== undefined && typeof operationName !== 'string') return 'operationName must be a string';
  return { query: value.query, variables, operationName };
}
