import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Change } from '../diff/change.js';
import type { RemoteDefinition, SourceInfo, SourceLabels } from '../graph/types.js';
import type { PartialTypesBody, SourceDeclaration, SourceDefinition } from '../model/types.js';
import type { KeepAccount } from '../keep/types.js';
import type { DiffCount } from '../data/ledger/data-diff.js';
import type { PlanMove } from './moved-changes.js';
import type { PendingWork, State } from '../state/types.js';
import type { OperationsReport } from '../operations/types.js';
import type { GraphqlCriticality } from './graphql-criticality.js';

/** 2: `requests` per source (version 1 had one `request`), `unmanaged`, the delete action. */
export const PLAN_FORMAT_VERSION = 2;

export const PLAN_ACTIONS = ['none', 'create', 'partial', 'full', 'delete', 'orphan'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

/**
 * One request of a source's plan; the path always carries an explicit id. `kind` names the
 * endpoint and verb, so apply, the plan file reader and reviewers need not parse paths:
 * - `types.put`: full update (creates, or replaces the schema and DELETES ALL ITEMS);
 * - `types.post`: partial update of content types (keeps the items);
 * - `sources.post`: label and description (keeps types and items);
 * - `sources.delete`: deletes the source itself, its types and all its items.
 */
export type PlanRequest =
  | { kind: 'types.put'; method: 'PUT'; path: string; body: SourceDefinition }
  | { kind: 'types.post'; method: 'POST'; path: string; body: PartialTypesBody }
  | { kind: 'sources.post'; method: 'POST'; path: string; body: SourceLabels }
  | { kind: 'sources.delete'; method: 'DELETE'; path: string; body: null };

export type PlanRequestKind = PlanRequest['kind'];

export interface PlanSource {
  id: string;
  action: PlanAction;
  dataLoss: boolean;
  /**
   * On a data-losing source: how many items the change deletes, per language, as the
   * environment counted them before planning ended (the plan and apply workflows add it
   * after buildPlan: withDeleteCounts).
   */
  deletes?: DeleteCount;
  /**
   * Plain-words reasons. For a source with dataLoss, reasons[0] always says what is
   * deleted (which source, which languages): the renderers' data-loss banner shows it.
   * Warnings (drift, an unchecked remote) start with "Warning: ".
   */
  reasons: string[];
  changes: Change[];
  /**
   * What changed in the service outside graphform since the last apply (state's definition to
   * the service's): `changes` start from the service, so they undo it. Absent when nothing did,
   * or the service was not asked.
   */
  outside?: Change[];
  /** Removals and additions that `moved:` entries pair as renames (the keep step carries their items over); absent when none. */
  moves?: PlanMove[];
  /** In the order apply sends them; empty for none and orphan. */
  requests: PlanRequest[];
  /** Work an interrupted apply left in state (a re-push of `data:` files); apply finishes it first. */
  pending?: PendingWork;
  /**
   * What the change does to the GraphQL API that reads the source: the applied definition's
   * types against the declared ones, by @graphql-inspector/core. Attached by the plan and apply
   * workflows after buildPlan (withGraphqlChanges: the inspector is asynchronous); [] when
   * nothing changes.
   */
  graphqlChanges?: GraphqlChange[];
  /**
   * On a full update of a source the service holds: what keeping its items comes to (per
   * content type and language: deleted by the PUT, back from data files, carried over,
   * lost and why), read back through GraphQL while planning. Attached by the plan and apply
   * workflows (withKeepAccounts); `dataLoss` follows it: true only when an item is lost (or the count is unknown).
   */
  keep?: KeepAccount;
  /**
   * On a source whose `data:` files apply would push (after a create or full update, or a
   * re-push pending in state): those files checked as apply checks them. Attached by the plan
   * and apply workflows (withDataChecks).
   */
  data?: DataCheck;
  /**
   * The items of the source's `data:` files against what graphform last pushed from them (the
   * ledger in state): added, changed and deleted items. Absent when none differ. Attached
   * with `data` (withDataChecks).
   */
  dataChanges?: DataChanges;
}

/**
 * Why apply pushes a source's `data:` files: whole (after a create, a full update, a field
 * rename, or to finish a pending re-push), or only the items that changed.
 */
export type DataPushReason = 'create' | 'full' | 'rename' | 'pending' | 'changes';

/** A source's declared items against the ledger of what graphform last pushed from them. */
export interface DataChanges {
  /** false: state has no ledger for the source yet, so every declared item counts as new, once. */
  ledger: boolean;
  /** What is wrong with the ledger state holds, when it failed its check: compared as none, so nothing is deleted and every declared item is sent again. */
  ledgerDamaged?: string;
  /** Records the data files hold. */
  declared: number;
  add: number;
  change: number;
  /** Items removed from the files (graphform deletes them; never one it did not push), and delete lines not sent yet. */
  delete: number;
  unchanged: number;
  /** Per content type and language, the pairs with a change, sorted. */
  byType: DiffCount[];
  /** The first few of each, as `id (language)`. */
  first: { add: string[]; change: string[]; delete: string[] };
  /** `changes`: apply sends only these items and delete lines; `files`: the whole files go anyway (after a create or a full update), then the deletes. */
  send: 'changes' | 'files';
  /** A fingerprint of the declared records: apply refuses the plan when the files hold something else. */
  digest: string;
}

/**
 * The check of the data files apply would push for a source: the files (relative to the
 * working directory), the items read, the error and warning totals, and at most a bounded
 * number of each as diagnostics (file:line). Any error stops plan and apply.
 */
export interface DataCheck {
  push: DataPushReason;
  files: string[];
  items: number;
  errors: number;
  warnings: number;
  diagnostics: Diagnostic[];
}

export { GRAPHQL_CRITICALITIES, type GraphqlCriticality } from './graphql-criticality.js';

/** One change to a source's GraphQL types, with the inspector's message and the type.field path it touches. */
export interface GraphqlChange {
  criticality: GraphqlCriticality;
  message: string;
  /** `Product.Color`, `Product`; null when the inspector names no path. */
  path: string | null;
}

export interface PlanSummary {
  create: number;
  partial: number;
  full: number;
  delete: number;
  orphan: number;
  none: number;
  /** Sources with pending work in state (a re-push of their `data:` files not finished). */
  pending: number;
  dataLoss: boolean;
  /** Items of the sources' `data:` files to add, change and delete; present when any differ. */
  items?: { add: number; change: number; delete: number };
}

/** The contract of docs/plan-and-apply.md "The plan JSON": `plan --format json` and `plan --out FILE`. */
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
  /**
   * Sources of the account that are neither declared nor in state (the CMS's own `default`
   * aside), as the sources API listed them; [] when the account was not read.
   */
  unmanaged: UnmanagedSource[];
  diagnostics: Diagnostic[];
  /** `plan --refresh-only`: nothing is sent; the sources' `outside` changes are what apply --refresh-only records in state. */
  refreshOnly?: boolean;
  /** The frontends' operations (`operations.documents`) checked against the schema served after the apply; absent when not configured. */
  operations?: OperationsReport;
}

export type UnmanagedSource = Pick<SourceInfo, 'id' | 'label' | 'languages'>;

export type PlanStrategy = 'auto' | 'full';

export interface PlanOptions {
  /** Delete orphaned sources (in state, no longer declared) instead of leaving them. */
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
  /** The account's sources from the sources API; undefined when it was not read. */
  account?: readonly SourceInfo[];
  options: PlanOptions;
  createdAt: string;
  tool: { name: string; version: string };
  diagnostics: Diagnostic[];
}

/**
 * The items a data-losing change deletes: counted through the environment's content GraphQL
 * endpoint (`total` per content type and language), or why they could not be counted.
 */
export type DeleteCount = { known: true; total: number; byLanguage: Record<string, number> } | { known: false; reason: string };
