import type { DataConfig } from '../config/types.js';
import type { GraphClient } from '../graph/types.js';
import type { SourceDeclaration } from '../model/types.js';
import { resolveDataFiles } from './files/declared-files.js';
import { pushData } from './push/push-data.js';
import type { ProgressReporter, PushSummary } from './types.js';

export interface RepushOptions {
  client: GraphClient;
  declaration: SourceDeclaration;
  config: DataConfig;
  /** Working directory: `declaration.file` is relative to it. */
  cwd: string;
  /** The project folder (the config's `rootDir`): declared data files outside it are refused. */
  root: string;
  maxErrors?: number;
  progress?: ProgressReporter;
  now?: () => number;
  /** Aborted by an interrupt: no new batch starts (status "stopped"). */
  stop?: AbortSignal;
}

/**
 * After a full update wiped a source, pushes its declared `data:` files again. Returns
 * undefined when the source declares no data. Invalid items stop the push (status
 * "invalid"), exactly like `graphform data push`; patterns that match nothing are warnings.
 */
export async function repushDeclaredData(options: RepushOptions): Promise<PushSummary | undefined> {
  if (options.declaration.data.length === 0) return undefined;
  const resolved = await resolveDataFiles(options.declaration, { cwd: options.cwd, root: options.root });
  const summary = await pushData({
    client: options.client,
    declaration: options.declaration,
    files: resolved.files,
    config: options.config,
    skipInvalid: false,
    maxErrors: options.maxErrors ?? 50,
    dryRun: false,
    cwd: options.cwd,
    projectRoot: resolved.projectRoot,
    ...(options.progress === undefined ? {} : { progress: options.progress }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.stop === undefined ? {} : { stop: options.stop }),
  });
  if (resolved.issues.length === 0) return summary;
  const validation = summary.validation;
  return {
    ...summary,
    validation: { ...validation, warnings: validation.warnings + resolved.issues.length, diagnostics: [...resolved.issues, ...validation.diagnostics] },
  };
}
