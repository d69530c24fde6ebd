import path from 'node:path';
import type { DataConfig } from '../config/types.js';
import type { GraphClient } from '../graph/types.js';
import type { SourceDeclaration } from '../model/types.js';
import { resolveDataFiles, type ResolvedDataFiles } from './files/declared-files.js';
import { pushData, validateDataFiles } from './push/push-data.js';
import type { ProgressReporter, PushSummary, ValidationSummary } from './types.js';

/** What both the check before apply (and plan) and the re-push itself read: one set of options. */
export interface DeclaredDataOptions {
  declaration: SourceDeclaration;
  config: DataConfig;
  /** Working directory: `declaration.file` is relative to it. */
  cwd: string;
  /** The project folder (the config's `rootDir`): declared data files outside it are refused. */
  root: string;
  maxErrors?: number;
  /** Bytes of NDJSON from which validation uses worker threads (default PARALLEL_FROM_BYTES). */
  workersFromBytes?: number | undefined;
}

export interface RepushOptions extends DeclaredDataOptions {
  client: GraphClient;
  progress?: ProgressReporter;
  now?: () => number;
  /** Aborted by an interrupt: no new batch starts (status "stopped"). */
  stop?: AbortSignal;
}

/** How many errors (and, apart, warnings) a declared-data check or re-push keeps. */
export const DECLARED_DATA_MAX_ERRORS = 50;

/** The declared files checked, as diagnostics name them, and what the check found. */
export interface DeclaredDataCheck {
  files: string[];
  validation: ValidationSummary;
}

/**
 * Validates a source's declared `data:` files exactly as its re-push does (same files, same
 * options, same validator), sending nothing: plan and apply use it so that a plan that
 * passes does not fail at apply for its data. Undefined when the source declares no data.
 */
export async function checkDeclaredData(options: DeclaredDataOptions): Promise<DeclaredDataCheck | undefined> {
  if (options.declaration.data.length === 0) return undefined;
  const resolved = await resolveDataFiles(options.declaration, { cwd: options.cwd, root: options.root });
  const validation = await validateDataFiles({ ...commonOptions(options, resolved), maxErrors: options.maxErrors ?? DECLARED_DATA_MAX_ERRORS });
  return { files: resolved.files.map((file) => path.relative(options.cwd, file) || file), validation: withIssues(validation, resolved) };
}

/**
 * After a full update wiped a source, pushes its declared `data:` files again, after the
 * files in `first` (the keep step's snapshot), in one push. Returns undefined when there is
 * nothing to push. Invalid items stop the push (status "invalid"), exactly like `graphform
 * data push`; patterns that match nothing are warnings.
 */
export async function repushDeclaredData(options: RepushOptions & { first?: readonly string[] }): Promise<PushSummary | undefined> {
  const first = options.first ?? [];
  if (options.declaration.data.length === 0 && first.length === 0) return undefined;
  const declared: ResolvedDataFiles =
    options.declaration.data.length === 0
      ? { files: [], issues: [], projectRoot: path.resolve(options.cwd, options.root) }
      : await resolveDataFiles(options.declaration, { cwd: options.cwd, root: options.root });
  const resolved = { ...declared, files: [...first, ...declared.files] };
  const summary = await pushData({
    ...commonOptions(options, resolved),
    client: options.client,
    skipInvalid: false,
    maxErrors: options.maxErrors ?? DECLARED_DATA_MAX_ERRORS,
    dryRun: false,
    ...(options.progress === undefined ? {} : { progress: options.progress }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.stop === undefined ? {} : { stop: options.stop }),
  });
  return { ...summary, validation: withIssues(summary.validation, resolved) };
}

function commonOptions(
  options: DeclaredDataOptions,
  resolved: ResolvedDataFiles,
): { declaration: SourceDeclaration; files: string[]; config: DataConfig; cwd: string; projectRoot: string | undefined; workersFromBytes: number | undefined } {
  return {
    declaration: options.declaration,
    files: resolved.files,
    config: options.config,
    cwd: options.cwd,
    projectRoot: resolved.projectRoot,
    workersFromBytes: options.workersFromBytes,
  };
}

/** Patterns that matched no file are warnings, listed before the items' diagnostics. */
function withIssues(validation: ValidationSummary, resolved: ResolvedDataFiles): ValidationSummary {
  if (resolved.issues.length === 0) return validation;
  return { ...validation, warnings: validation.warnings + resolved.issues.length, diagnostics: [...resolved.issues, ...validation.diagnostics] };
}
