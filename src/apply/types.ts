import type { PushSummary } from '../data/types.js';
import type { SchemaGap, SchemaWait } from '../graph/schema-wait.js';
import type { ServedProgress, ServedReport } from '../graph/served.js';
import type { PlanAction, PlanRequestKind } from '../plan/types.js';

/** What happened to one source during apply. */
export interface SourceOutcome {
  id: string;
  action: PlanAction;
  /** recorded: nothing was sent; the service already had the declaration and state now says so. */
  status: 'applied' | 'recorded' | 'failed' | 'skipped';
  /** Readable failure, without secrets; set when status is failed. */
  error?: string;
  /** Stable code of the failure, when it had one. */
  errorCode?: string;
  /** The re-push of the source's `data:` files after a create or full update. */
  repush?: PushSummary;
  /** Set when the re-push could not run at all, or GraphQL never served the schema or the items (the schema update itself succeeded). */
  repushError?: string;
  /** Its stable code, when it had one (GF_APPLY_SCHEMA_NOT_SERVED, GF_APPLY_ITEMS_NOT_SERVED). */
  repushErrorCode?: string;
  /** What to do about it, when the failure says (a snapshot of kept items that changed or is gone). */
  repushHint?: string;
  /** How long the re-push waited for GraphQL to serve the new schema, and whether it did. */
  schemaWait?: Pick<SchemaWait, 'outcome' | 'waitedMs' | 'missing'>;
  /** What GraphQL served of the re-pushed items, per content type and language ("sent N, served N"), and the journalIds. */
  served?: ServedReport;
  /** The data items sent because the `data:` files changed since graphform last pushed them. */
  dataSync?: DataSyncOutcome;
  durationMs: number;
}

/** The items of a source's data files brought to what the files declare: how many were sent, and whether it worked. */
export interface DataSyncOutcome {
  add: number;
  change: number;
  delete: number;
  /** The push of those items (absent when nothing had to be sent, e.g. only the ledger was written after a whole re-push). */
  summary?: PushSummary;
  served?: ServedReport;
  /** How many times the added and changed items were pushed again because GraphQL did not serve them all as sent (absent: never). */
  pushedAgain?: number;
  /** Why the items are not all sent and served; the ledger is then left as it was, so the next apply sends them again. */
  error?: string;
  errorCode?: string;
}

export type ApplyEvent =
  | { type: 'start'; id: string; action: PlanAction }
  | { type: 'recorded'; id: string }
  /** A re-push that an earlier, interrupted apply left pending is being finished. */
  | { type: 'resume'; id: string; reason: string }
  | { type: 'applied'; id: string; action: PlanAction; durationMs: number }
  /** `code` is the failure's stable code, when it had one (a GraphformError). */
  | { type: 'failed'; id: string; action: PlanAction; error: string; code?: string }
  /** `kept`: how many of the items pushed came from the keep step's snapshot (the rest from the data: files). */
  /** `again`: how many times before the same items were pushed (GraphQL did not serve them all as sent); absent on the first push. */
  | { type: 'repush'; id: string; summary: PushSummary | undefined; kept?: number; again?: number; error?: string; code?: string }
  /** The items that changed in the source's data files were sent (or failed: `outcome.error`). */
  | { type: 'data-sync'; id: string; outcome: DataSyncOutcome }
  /** The keep step of a full update wrote its snapshot, before the PUT: `items` are carried over. */
  | { type: 'kept'; id: string; items: number; snapshot: string }
  /** Before the re-push: GraphQL does not serve the new schema yet (`gap` is what it lacks); asked again until `timeoutMs`. */
  | { type: 'schema-waiting'; id: string; waitedMs: number; timeoutMs: number; gap: SchemaGap }
  /** GraphQL serves the new schema: the re-push starts. */
  | { type: 'schema-served'; id: string; waitedMs: number }
  /** After the re-push: GraphQL serves fewer items than were sent yet (the count so far, `outcome: 'waiting'`); counted again until `timeoutMs`. */
  | { type: 'served-waiting'; id: string; waitedMs: number; timeoutMs: number; report: ServedProgress }
  /** The count after the re-push ended: every item served ("sent N, served N"), or the shortfall (then a failed re-push follows). */
  | { type: 'served'; id: string; report: ServedReport }
  /** Once per apply and endpoint: the service cannot be read back there, so writes through it are not verified. */
  | { type: 'verify-skipped'; endpoint: VerifiedEndpoint; reason: string }
  /** A write read back still shows the definition from before it: read again, for up to settleMs in all. */
  | { type: 'verify-waiting'; id: string; request: PlanRequestKind; settleMs: number };

/** What a write is read back through: GET types (content types, languages, label) or GET sources (label, description). */
export type VerifiedEndpoint = 'types' | 'sources';

export interface ApplyResult {
  outcomes: SourceOutcome[];
  /** True when every source was applied and every re-push succeeded. */
  ok: boolean;
  /** An interrupt stopped it before all the work was done. */
  stopped: boolean;
  /** Sources whose state still records pending work (a re-push not finished), in id order. */
  pending: string[];
}
