import type { PushSummary } from '../data/types.js';
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
  /** Set when the re-push could not run at all (the schema update itself succeeded). */
  repushError?: string;
  durationMs: number;
}

export type ApplyEvent =
  | { type: 'start'; id: string; action: PlanAction }
  | { type: 'recorded'; id: string }
  /** A re-push that an earlier, interrupted apply left pending is being finished. */
  | { type: 'resume'; id: string; reason: string }
  | { type: 'applied'; id: string; action: PlanAction; durationMs: number }
  /** `code` is the failure's stable code, when it had one (a GraphformError). */
  | { type: 'failed'; id: string; action: PlanAction; error: string; code?: string }
  | { type: 'repush'; id: string; summary: PushSummary | undefined; error?: string }
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
