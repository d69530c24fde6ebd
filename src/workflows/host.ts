import type { GraphformConfig } from '../config/config-object.js';
import type { ResolvedConfig } from '../config/types.js';
import type { GraphformErrorCode } from '../diagnostics/error-codes.js';
import type { SecretList } from '../http/secret-list.js';
import type { ProcessProbe } from '../state/process-identity.js';

/**
 * What a workflow says besides its result, for the caller to show or keep. The command line
 * prints warnings and notes in yellow on stderr, info lines as they are, and log lines only
 * under --verbose; a library caller may collect them.
 */
export type WorkflowMessage =
  /** Something the user should look at, that did not stop the work ("warning: …"); `code` says which, for a script to act on. */
  | { kind: 'warning'; code: GraphformErrorCode; text: string }
  /** A remark about what was (not) checked ("note: …"). */
  | { kind: 'note'; text: string }
  /** An event the user should know of, such as a lock taken over from a dead run ("Notice: …"). */
  | { kind: 'notice'; text: string }
  /** A plain line of progress or explanation, shown as it is. */
  | { kind: 'info'; text: string }
  /** A request log line (secrets redacted), wanted only when `verbose` is on. */
  | { kind: 'log'; text: string };

/** Who holds the state lock while a workflow writes state: this process, as the lock file records it. */
export interface LockHolder {
  who: string;
  pid: number;
  host: string;
  /** Asks this machine whether a lock's holder still runs, so a dead run's lock is taken over. */
  probe?: ProcessProbe;
}

/**
 * Everything a workflow may touch beyond its inputs, passed in: the folder paths are relative
 * to, the environment variables graphform reads (GRAPHFORM_ALLOW_EMPTY, GRAPHFORM_WORKERS_FROM_MIB, GRAPHFORM_OPERATIONS_CACHE,
 * and those the config interpolates), the clock, a sink for messages, the lock holder and a
 * stop signal. Workflows never read `process`, print or exit: the command line builds one of
 * these from the real process (nodeHost does the same for scripts), tests build their own.
 */
export interface WorkflowHost {
  readonly cwd: string;
  readonly variables: Readonly<Record<string, string | undefined>>;
  now(): Date;
  report(message: WorkflowMessage): void;
  /** Requests are logged through report({kind: 'log'}) when on. */
  readonly verbose: boolean;
  readonly holder: LockHolder;
  /** Aborted to stop: the request in flight ends, state is written, no new work is taken. */
  readonly signal?: AbortSignal;
  /**
   * A project that declares nothing while state holds sources, or a `data:` pattern that
   * matches no file while items were pushed from it, is meant: what GRAPHFORM_ALLOW_EMPTY=1
   * says for the command line. Either one allows it.
   */
  readonly allowEmpty?: boolean;
  /**
   * The secrets this host's runs know, for redaction: the config's and the tokens in use are
   * added as a workflow reads them, and a caller may add its own. A workflow called through
   * the package (src/index.ts) redacts with this list only, so runs with different
   * environments never learn each other's secrets; absent, each call starts an empty one.
   */
  readonly secrets?: SecretList;
}

/** Which config and environment a workflow runs against: a config loaded already, or the one found from `cwd`. */
export interface ProjectSelection {
  /**
   * The config: an object with the shape of graphform.config.yaml (checked as the file is;
   * its relative paths resolve against the host's cwd), or one loaded with loadConfig.
   * Absent: searched from the host's cwd, as the CLI does.
   */
  config?: GraphformConfig | ResolvedConfig;
  /** A config file to load instead of searching (the CLI's --config). */
  configFile?: string;
  /** The environment's name (the CLI's --env); absent: the config's defaultEnvironment. */
  environment?: string;
}

/** Whether emptying is allowed: the host's allowEmpty, or GRAPHFORM_ALLOW_EMPTY=1 among its variables. */
export function allowsEmpty(host: WorkflowHost): boolean {
  return host.allowEmpty === true || host.variables.GRAPHFORM_ALLOW_EMPTY === '1';
}

/** Sends a warning, with its documented code, to the host's sink. */
export function warn(host: WorkflowHost, code: GraphformErrorCode, text: string): void {
  host.report({ kind: 'warning', code, text });
}

/** The request logger for clients built inside a workflow: present only under `verbose`. */
export function requestLog(host: WorkflowHost): { log?: (line: string) => void } {
  return host.verbose ? { log: (text: string) => host.report({ kind: 'log', text }) } : {};
}
