import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContentSourceV3 } from './graph/wire-definition.js';
import type { EmulatorAsset, EmulatorMarketing, MarketingApp } from './marketing-types.js';

export type * from './marketing-types.js';
export type * from './graph/wire-definition.js';

/** Public shapes of the graph service emulator: options, inspection and fault injection. */

export interface EmulatorCredentials {
  appKey: string;
  /** Base64: epi-hmac signs with its decoded bytes; Basic sends it as the password. */
  secret: string;
}

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1; anything that is not a loopback address is refused. */
  host?: string;
  /** Keeps sources and items across restarts; in memory when absent. */
  dataDir?: string;
  /** The account's allowance of sources; a PUT that would create one more answers 403. Unlimited when absent. */
  maxSources?: number;
  /**
   * The CMS's own content types (a definition, as GET types answers it without id). Kept in
   * dataDir; when absent, the ones kept there, or else a small built-in set.
   */
  cmsTypes?: ContentSourceV3;
  /** Generated with node:crypto when absent. */
  credentials?: EmulatorCredentials;
  /**
   * The read key of the content GraphQL endpoint (the service's "single key"), sent as
   * `?auth=` or `Authorization: epi-single`; generated when absent. At least 8 characters.
   */
  singleKey?: string;
  /** Accepted clock difference for epi-hmac timestamps, and how long a nonce is remembered. Default 5 minutes. */
  skewMs?: number;
  /** Larger request bodies answer 413. Default 128 MiB. */
  maxBodyBytes?: number;
  /** Longer NDJSON lines answer 400. Default 16 MiB. */
  maxLineBytes?: number;
  /** Clock in ms since the epoch (skew checks, request log). */
  now?: () => number;
  /** Called after every service request (graph, OAuth, Open API) with its log entry (for a verbose console). */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * Other emulated services served by the same server (e.g. an authorization server), each
   * under its own path prefix. They get the raw request; no auth, faults or log of the graph
   * endpoints apply. A prefix may not overlap /api/content/ or /_emulator.
   */
  mounts?: EmulatorMount[];
  /**
   * Apps registered with the authorization server besides the demo app (kept in dataDir).
   * One with the client id of a kept app replaces it.
   */
  apps?: MarketingApp[];
  /** The demo app's client id, secret or callback URL; generated once (and kept in dataDir) when absent. */
  demoApp?: Partial<Pick<MarketingApp, 'clientId' | 'clientSecret' | 'redirectUri'>>;
  /** The Open API's assets, replacing the seeded ones (not kept in dataDir). */
  assets?: EmulatorAsset[];
  /** Open API requests per second per access token; more answer 429 with Retry-After. Default 10; false turns the limit off. */
  assetsRateLimit?: number | false;
  /**
   * Schema propagation: after a types or sources change, the GraphQL endpoint keeps serving
   * the schema from before it for this long (the service takes minutes). Default 0.
   */
  schemaDelayMs?: number;
  /** Indexing lag: an item a data request indexes is counted and served by GraphQL only this long after it. Default 0. */
  indexingLagMs?: number;
  /**
   * Which of the item fields `Status`, `_rbac` and `RolesWithReadAccess` every content type
   * of the content GraphQL endpoint serves as a top-level String field, read from the data
   * line (null when the item has none). The public record suggests `Status` can be selected
   * and says nothing of the other two; whether any of them can is not published. So this is
   * configurable, for a client that reads items back to be tested on both paths: where a
   * field is served, and where selecting it fails validation ("Cannot query field ...").
   * A declared property of the same name is not served twice: the item field wins. Default
   * ITEM_FIELDS_SERVED_BY_DEFAULT (`['Status']`); `[]` serves none.
   */
  itemFields?: readonly ItemField[];
  /**
   * The origins a browser may query the content GraphQL endpoint from (CORS), such as
   * `http://localhost:3000`, or `*` for any; every loopback origin when not given.
   */
  corsOrigins?: readonly string[];
}

/** The item fields the content GraphQL endpoint can serve besides `_id`, `ContentType` and `Language` (EmulatorOptions.itemFields). */
export type ItemField = 'Status' | '_rbac' | 'RolesWithReadAccess';

/** Every ItemField, in the order the schema lists them. */
export const ITEM_FIELD_NAMES: readonly ItemField[] = ['Status', '_rbac', 'RolesWithReadAccess'];

/** What EmulatorOptions.itemFields is when absent: the public record suggests only `Status` can be selected. */
export const ITEM_FIELDS_SERVED_BY_DEFAULT: readonly ItemField[] = ['Status'];

export interface EmulatorMount {
  /** Starts and ends with '/', e.g. /o/oauth2/ */
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> | void;
}

export interface RequestLogEntry {
  seq: number;
  /** ISO time the request arrived. */
  at: string;
  method: string;
  /** Path and query as received; never any header. */
  path: string;
  /** 0 when the connection was dropped without an answer. */
  status: number;
  /** What the emulator did or why it refused, in a few words. */
  note: string;
}

/** A source's items counted once each: by language_routing, and by the LAST name of ContentType (the most-derived type). */
export interface ItemCounts {
  total: number;
  byLanguage: Record<string, number>;
  byContentType: Record<string, number>;
}

export interface SourceSummary {
  id: string;
  /** '' when the definition has none (or null), as the sources API lists it. */
  label: string;
  /** '' when the definition has none (or null), as the sources API lists it. */
  description: string;
  languages: string[];
  items: number;
}

/** The CMS's own source, `default`: listed by the sources API, read by GET types, never written. */
export interface CmsSummary {
  id: 'default';
  label: string;
  description: string;
  languages: string[];
  definition: ContentSourceV3;
}

export interface EmulatorItem {
  _id: string;
  language_routing: string;
  /** Most-derived content type (last entry of the data line's ContentType). */
  contentType: string;
  data: unknown;
}

/**
 * An item with searchable properties whose value arrived under another name than their
 * searchable one (`Name`, not `Name___searchable`): stored, but neither served nor found by search.
 */
export interface UnsearchableItem {
  _id: string;
  language_routing: string;
  contentType: string;
  /** The properties, by their plain names. */
  properties: string[];
}

export interface ItemQuery {
  language?: string;
  contentType?: string;
  offset?: number;
  limit?: number;
}

export interface ItemPage {
  total: number;
  items: EmulatorItem[];
}

export interface EmulatorInspector {
  /** The custom sources in id order (the ones the source limit counts); the CMS's is cms(). */
  sources(): SourceSummary[];
  cms(): CmsSummary;
  /** The stored definition, as PUT (and merged by POST), the CMS's for 'default'; undefined for an unknown source. */
  definition(id: string): unknown;
  counts(id: string): ItemCounts | undefined;
  items(id: string, query?: ItemQuery): ItemPage | undefined;
  /** The items with a searchable property stored under another name than its searchable one (see UnsearchableItem), in index order. */
  unsearchable(id: string): UnsearchableItem[] | undefined;
  /** Service requests (graph, OAuth, Open API), oldest first (inspection and fault calls are not logged). */
  requests(): RequestLogEntry[];
  clearRequests(): void;
  /** Forgets every source, item, logged request, fault, nonce, code, token and clock advance, on disk too; the CMS's types and the apps stay. */
  reset(): Promise<void>;
}

/**
 * One fault rule: the next `count` service requests whose method and path match are answered
 * by the fault instead of the service. `drop` destroys the socket; `status` answers with it
 * (and `retryAfter`, `body`); `delayMs` alone delays the request, which is then served normally.
 * `hold` keeps each matching request waiting until the rule is released (EmulatorFaults.release,
 * or `POST /_emulator/faults/<id>/release`), so a test acts while a request is surely in flight.
 * `unindexed` (data requests) lets the request through, answered as usual, but the indexer
 * leaves out the items with those `_id`s: GraphQL goes on serving what it served before.
 */
export interface FaultRule {
  /** Matches any method when absent. */
  method?: string;
  /** Prefix of the path with query (e.g. /api/content/v2/data); matches any when absent. */
  pathPrefix?: string;
  /** How many matching requests it applies to. Default 1. */
  count?: number;
  status?: number;
  /** Retry-After header value: seconds or an HTTP-date. */
  retryAfter?: number | string;
  body?: string;
  delayMs?: number;
  drop?: boolean;
  hold?: boolean;
  /** `_id`s of items a matching data request accepts but does not index. */
  unindexed?: string[];
}

export interface ActiveFault extends FaultRule {
  id: number;
  remaining: number;
  /** A hold rule only: how many requests it has held so far (released ones included). */
  held?: number;
}

export interface EmulatorFaults {
  add(rule: FaultRule): ActiveFault;
  /** The rules in place; a hold rule stays listed until it is released, even with no uses left. */
  list(): ActiveFault[];
  /** Removes every rule, releasing the requests held. */
  clear(): void;
  /**
   * Resolves once the hold rule `id` has held `count` requests (default 1), counting those
   * already released: the event a test waits for instead of a fixed sleep. Rejects when the
   * rule is released or cleared before that.
   */
  held(id: number, count?: number): Promise<void>;
  /** Lets every request the hold rule `id` holds go on (then the rest of the rule applies) and removes the rule. False when no such hold rule is in place. */
  release(id: number): boolean;
}

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:43121 (no trailing slash). */
  url: string;
  port: number;
  credentials: EmulatorCredentials;
  /** The read key of the content GraphQL endpoint, `${url}/content/v2`. */
  singleKey: string;
  inspect: EmulatorInspector;
  faults: EmulatorFaults;
  marketing: EmulatorMarketing;
  /** Stops listening, drops open connections, waits for pending writes and releases dataDir. */
  close(): Promise<void>;
}
