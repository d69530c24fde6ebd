import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** A file as the reader sees it: where to open it and how to name it in diagnostics. */
export interface DataFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the working directory, used in every diagnostic. */
  display: string;
  /** Size and modification time when validated: the send pass refuses a file that changed since. */
  size?: number;
  mtimeMs?: number;
  /**
   * Records that are not in a file (assets mapped to items): read instead of `path`, once
   * per pass, so they go through the same validation, batching and summary as a file's.
   */
  entries?: () => AsyncIterable<ReadEntry[]>;
}

export type ActionKind = 'index' | 'delete';

/** What the action line says (or would say, for plain items). `_id` is kept as a string. */
export interface DataAction {
  kind: ActionKind;
  id: string;
  language: string;
}

/** One item to send: the action and, for `index`, the data line. */
export interface DataRecord {
  file: string;
  /** 1-based line of the data line (of the action line for `delete`, of the element for JSON/YAML). */
  line: number;
  action: DataAction;
  item?: Record<string, unknown>;
  /**
   * The data line exactly as read, instead of `item`: only from a reader told the input is
   * already validated, and only when the line is already minified (nothing to re-serialize).
   */
  dataLine?: string;
}

/** What a reader yields: a record, or a problem found at a file:line. */
export type ReadEntry = { kind: 'record'; record: DataRecord } | { kind: 'issue'; issue: Diagnostic };

/** Input bytes consumed so far, shared with the progress reporter. */
export interface ReadCounter {
  bytesRead: number;
}

export interface DataLocation {
  file: string;
  line: number;
}

export type PushPhase = 'validate' | 'send';

export interface ProgressSnapshot {
  phase: PushPhase;
  /** Items read (validate) or acknowledged by the service (send). */
  items: number;
  /** Total items, when known (the send phase knows it from the validate phase). */
  totalItems: number | undefined;
  /** Input bytes read (validate) or NDJSON bytes acknowledged (send). */
  bytes: number;
  totalBytes: number | undefined;
  batches: number;
  failedBatches: number;
}

/** Injected by the shell: a TTY bar, periodic lines, or nothing. */
export interface ProgressReporter {
  update(snapshot: ProgressSnapshot): void;
  /** Called once when a phase ends, with its last snapshot. */
  done(snapshot: ProgressSnapshot): void;
}

export interface FailedBatch {
  /** 1-based, in sending order. */
  batch: number;
  items: number;
  first: DataLocation;
  last: DataLocation;
  /** Stable code of the error (GF_GRAPH_…), when it had one. */
  code: string | undefined;
  message: string;
}

export interface ValidationSummary {
  files: number;
  /** Records read without a reader problem (index and delete). */
  items: number;
  deletes: number;
  invalidItems: number;
  errors: number;
  warnings: number;
  /** At most maxErrors errors and maxErrors warnings, in file/line order. */
  diagnostics: Diagnostic[];
  omittedErrors: number;
  omittedWarnings: number;
}

/** stopped: an interrupt (SIGINT, SIGTERM) stopped it; the batches in flight finished. */
export type PushStatus = 'sent' | 'dry-run' | 'invalid' | 'failed' | 'stopped';

/**
 * The outcome of a push. In a dry run, itemsSent, batches and bytes say what would be sent.
 * Rates are over the whole push (validation pass included).
 */
export interface PushSummary {
  sourceId: string;
  status: PushStatus;
  validation: ValidationSummary;
  /** Items (index and delete) sent and acknowledged. */
  itemsSent: number;
  /** Invalid items left out with --skip-invalid. */
  itemsSkipped: number;
  /** Items never attempted because an earlier batch failed. */
  itemsNotSent: number;
  batches: number;
  bytes: number;
  seconds: number;
  /** Of which the validation pass. */
  validateSeconds: number;
  itemsPerSecond: number;
  megabytesPerSecond: number;
  failedBatches: FailedBatch[];
}
