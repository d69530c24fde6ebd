import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Change } from '../diff/change.js';
import type { RemoteDefinition } from '../graph/types.js';
import type { PartialTypesBody, SourceDeclaration, SourceDefinition } from '../model/types.js';
import type { PendingWork, State } from '../state/types.js';

export const PLAN_FORMAT_VERSION = 1;

export const PLAN_ACTIONS = ['none', 'create', 'partial', 'full', 'purge', 'orphan'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

/** The one request a source needs; the path always carries an explicit id. */
export type PlanRequest =
  | { method: 'PUT'; path: string; body: SourceDefinition }
  | { method: 'POST'; path: string; body: PartialTypesBody }
  | { method: 'DELETE'; path: string; body: null };

export interface PlanSource {
  id: string;
  action: PlanAction;
  dataLoss: boolean;
  /**
   * Plain-words reasons. For a source with dataLoss, reasons[0] always says what is
   * deleted (which source, which languages): the renderers' data-loss banner shows it.
   * Warnings (drift, an unchecked remote) start with "Warning: ".
   */
  reasons: string[];
  changes: Change[];
  /** null for none and orphan. */
  request: PlanRequest | null;
  /** Work an interrupted apply left in state (a re-push of `data:` files); apply finishes it first. */
  pending?: PendingWork;
}

export interface PlanSummary {
  create: number;
  partial: number;
  full: number;
  purge: number;
  orphan: number;
  none: number;
  /** Sources with pending work in state (a re-push of their `data:` files not finished). */
  pending: number;
  dataLoss: boolean;
}

/** The contract of DESIGN.md section 6: `plan --format json` and `plan --out FILE`. */
export interface Plan {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  tool: { name: string; version: string };
  environment: string;
  /** The state the plan was made against; null when there was none yet. */
  state: { lineage: string; serial: number } | null;
  desiredHash: string;
  createdAt: string;
  summary: PlanSummary;
  /** Sorted by id. */
  sources: PlanSource[];
  diagnostics: Diagnostic[];
}

export type PlanStrategy = 'auto' | 'full';

export interface PlanOptions {
  /** Purge orphaned sources (in state, no longer declared) instead of leaving them. */
  prune: boolean;
  /** `full` sends PUT wherever a change would otherwise go as a partial POST. */
  strategy: PlanStrategy;
  /** `--source ID…`: plan only these; undefined or empty plans every source. */
  targets: readonly string[] | undefined;
}

export interface PlanInput {
  environment: string;
  state: State | undefined;
  declarations: SourceDeclaration[];
  /** From the shell's GET types; an absent id means the service was not asked. */
  remote: Readonly<Record<string, RemoteDefinition>>;
  options: PlanOptions;
  createdAt: string;
  tool: { name: string; version: string };
  diagnostics: Diagnostic[];
}
