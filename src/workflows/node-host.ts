import { createSecretList } from '../http/secret-list.js';
import { thisProcessHolder } from '../state/this-process.js';
import type { WorkflowHost, WorkflowMessage } from './host.js';

export interface NodeHostOptions {
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
  /**
   * Allow emptying a project or a `data:` pattern, as GRAPHFORM_ALLOW_EMPTY=1 does (default: only
   * when that variable says so); the same as `switches.allowEmpty`.
   */
  allowEmpty?: boolean;
  /**
   * Secrets of the script's own that no output of these workflows may show (a token it
   * passes in a config object, say); the config's are added as the workflows read them.
   */
  secrets?: readonly string[];
  /** The GRAPHFORM_* switches as options; an option set here wins over the variable. */
  switches?: WorkflowSwitches;
}

/** What the GRAPHFORM_* environment variables switch, for a script that sets them as values. */
export interface WorkflowSwitches {
  /** GRAPHFORM_ALLOW_EMPTY=1: a project declaring nothing (or data files gone) while state holds some is meant. */
  allowEmpty?: boolean;
  /** GRAPHFORM_REFRESH_TOKEN: the marketing platform's refresh token to start from when nothing is stored. */
  refreshToken?: string;
  /** GRAPHFORM_WORKERS_FROM_MIB: the data size from which validation uses worker threads (0: always). */
  workersFromMiB?: number;
  /** GRAPHFORM_LOCK_WHO: who the state lock names as its holder. */
  lockWho?: string;
  /** GRAPHFORM_OPERATIONS_CACHE=0 (false): the frontend operations check neither reads nor writes its cache under .graphform/cache/. */
  operationsCache?: boolean;
}

/** The variables with each switch that is set written as its variable, the one place workflows read it. */
function withSwitches(variables: Readonly<Record<string, string | undefined>>, switches: WorkflowSwitches): Readonly<Record<string, string | undefined>> {
  return {
    ...variables,
    ...(switches.allowEmpty === undefined ? {} : { GRAPHFORM_ALLOW_EMPTY: switches.allowEmpty ? '1' : undefined }),
    ...(switches.refreshToken === undefined ? {} : { GRAPHFORM_REFRESH_TOKEN: switches.refreshToken }),
    ...(switches.workersFromMiB === undefined ? {} : { GRAPHFORM_WORKERS_FROM_MIB: String(switches.workersFromMiB) }),
    ...(switches.lockWho === undefined ? {} : { GRAPHFORM_LOCK_WHO: switches.lockWho }),
    ...(switches.operationsCache === undefined ? {} : { GRAPHFORM_OPERATIONS_CACHE: switches.operationsCache ? undefined : '0' }),
  };
}

/**
 * A workflow host from this Node process: its folder, its variables and the real
 * clock, with this process as the state lock's holder. The one place a script's workflows
 * read the process, so the workflows themselves never do.
 */
export function nodeHost(options: NodeHostOptions = {}): WorkflowHost {
  const variables = withSwitches(options.variables ?? process.env, options.switches ?? {});
  return {
    cwd: options.cwd ?? process.cwd(),
    variables,
    now: options.now ?? (() => new Date()),
    report: options.report ?? (() => undefined),
    verbose: options.verbose === true,
    holder: thisProcessHolder(variables),
    secrets: createSecretList([...(options.secrets ?? []), options.switches?.refreshToken]),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.allowEmpty === undefined ? {} : { allowEmpty: options.allowEmpty }),
  };
}
