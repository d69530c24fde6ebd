import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { GraphqlCriticality } from '../plan/graphql-criticality.js';

/** What `operations.failOn` fails plan and apply on: broken operations, affected ones too, or nothing. */
export const OPERATIONS_FAIL_ON = ['broken', 'affected', 'none'] as const;
export type OperationsFailOn = (typeof OPERATIONS_FAIL_ON)[number];

/** The config's `operations:` block, resolved: the patterns are relative to the config's folder. */
export interface OperationsConfig {
  documents: string[];
  failOn: OperationsFailOn;
  /** The same patterns, each with where the config writes it (loadConfig records it); absent, they are named by the key alone. */
  patterns?: DocumentPattern[];
}

/**
 * A documents pattern and where it was written, so that what is wrong with the pattern
 * itself (it matches nothing, it leaves the project) points there and not at a file that
 * is not one: its entry in the config file, or, given outside any file, what gave it.
 */
export interface DocumentPattern {
  /** As written: relative to the config's folder. */
  pattern: string;
  /** What gave it, as messages name it: `operations.documents`, or an option such as `--documents`. */
  key: string;
  /** Where diagnostics about it point: the config file (relative to the working directory), or `key` when it was given outside any file. */
  file: string;
  /** The entry's 1-based line in `file`; 0 when it has none (an option, a JavaScript config). */
  line: number;
  /** The entry's 1-based column; 0 with `line`. */
  column: number;
}

/**
 * - `broken`: no longer valid against the schema served after the apply;
 * - `affected`: valid, but it reads something that changes (a retype, a list, a removed enum value);
 * - `unaffected`: valid, and nothing it reads changes.
 */
export const OPERATION_STATUSES = ['broken', 'affected', 'unaffected'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** A place in a frontend file: relative to the working directory, 1-based. */
export interface DocumentPlace {
  file: string;
  line: number;
  column: number;
}

/** Why an operation is broken: GraphQL's validation message, where in the document it points. */
export interface OperationProblem extends DocumentPlace {
  message: string;
}

/** A change of the served schema on something an operation reads. */
export interface OperationChange {
  criticality: GraphqlCriticality;
  message: string;
  /** The schema coordinate that changes (`Product.Price`, `Locales.sv`). */
  path: string;
}

export interface CheckedOperation extends DocumentPlace {
  /** The operation's name; `(anonymous)` for one without. */
  name: string;
  kind: 'query' | 'mutation' | 'subscription';
  status: OperationStatus;
  /** For a broken operation: each problem. */
  problems: OperationProblem[];
  /** For an affected operation: each change it reads. */
  changes: OperationChange[];
}

/** How many operations have each status. */
export type OperationCounts = Record<OperationStatus, number>;

/**
 * The frontends' operations checked against the schema the service will serve after the
 * apply (or, for `check-operations`, the one today's declarations give). Broken first, then
 * affected, then unaffected; by file and line within each.
 */
export interface OperationsReport {
  failOn: OperationsFailOn;
  /** The document files read, relative to the working directory. */
  files: string[];
  counts: OperationCounts;
  operations: CheckedOperation[];
  /**
   * Documents that could not be read or parsed, patterns that matched nothing, names two
   * definitions give differently, and (warnings) the problems of fragments no operation spreads;
   * sorted by file, line and column.
   */
  diagnostics: Diagnostic[];
  /** Why the planned schema could not be built (every operation is then unchecked); absent when it was. */
  schemaProblems?: string[];
}
