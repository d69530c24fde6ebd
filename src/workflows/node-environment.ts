import { thisProcessHolder } from '../state/this-process.js';
import type { WorkflowEnvironment, WorkflowMessage } from './environment.js';

export interface NodeEnvironmentOptions {
  /** The project folder (default: the process's working folder). */
  cwd?: string;
  /** Environment variables (default: the process's). */
  variables?: Readonly<Record<string, string | undefined>>;
  /** Where warnings, notes and notices go (default: nowhere; pass `(m) => console.error(m.text)` to see them). */
  report?(message: WorkflowMessage): void;
  /** Log requests (secrets redacted) through `report`. */
  verbose?: boolean;
  /** Stops a running apply or push cleanly. */
  signal?: AbortSignal;
  /** The clock (default: the real one). */
  now?(): Date;
  /** Allow emptying a project or a `data:` pattern, as GRAPHFORM_ALLOW_EMPTY=1 does (default: only when that variable says so). */
  allowEmpty?: boolean;
}

/**
 * A workflow environment from this Node process: its folder, its variables and the real
 * clock, with this process as the state lock's holder. The one place a script's workflows
 * read the process, so the workflows themselves never do.
 */
export function nodeEnvironment(options: NodeEnvironmentOptions = {}): WorkflowEnvironment {
  const variables = options.variables ?? process.env;
  return {
    cwd: options.cwd ?? process.cwd(),
    variables,
    now: options.now ?? (() => new Date()),
    report: options.report ?? (() => undefined),
    verbose: options.verbose === true,
    holder: thisProcessHolder(variables),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.allowEmpty === undefined ? {} : { allowEmpty: options.allowEmpty }),
  };
}
