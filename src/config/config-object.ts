import { GraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';
import type { OperationsFailOn } from '../operations/types.js';

/** A length of time as the config writes it: `20m`, `30s`, `500ms`, `1h` (or 0). */
export type ConfigDuration = string | 0;

/** An environment of the config: a service (graphUrl and auth) or the embedded emulator. */
export interface GraphformEnvironmentConfig {
  graphUrl?: string;
  auth?: { scheme: 'basic' | 'hmac'; appKey: string; secret: string };
  /** The embedded emulator, started by each command or workflow call. */
  emulator?: {
    /** Where it keeps its items, state and credentials; default `.graphform/emulator`, shared by every environment that sets none. */
    dataDir?: string;
    maxSources?: number;
    cmsTypes?: Record<string, unknown>;
    schemaDelay?: ConfigDuration;
    indexingLag?: ConfigDuration;
    itemFields?: string[];
  };
  singleKey?: string;
  state?: {
    backend: 'local' | 'http';
    path?: string;
    address?: string;
    lockAddress?: string;
    unlockAddress?: string;
    lockMethod?: string;
    unlockMethod?: string;
    username?: string;
    password?: string;
    lockTimeoutMs?: number;
    /** Compressed bytes per part of a snapshot's copy beside the state (65536 to 33554432). */
    snapshotPartBytes?: number;
  };
  refresh?: boolean;
  keep?: boolean;
  prune?: boolean;
  wait?: { schemaTimeout?: ConfigDuration; servedTimeout?: ConfigDuration };
}

/**
 * The config as an object, with the shape of graphform.config.yaml (docs/configuration.md),
 * checked the same way. Relative paths in it (`sources`, `codegen.out`, an environment's
 * `state.path` and `emulator.dataDir`) resolve against the workflow host's `cwd`.
 */
export interface GraphformConfig {
  sources?: string;
  defaultEnvironment?: string;
  reservedTypeNames?: string[];
  maxSources?: number;
  scalarTypes?: string[];
  environments?: Record<string, GraphformEnvironmentConfig>;
  data?: { idField?: string; languageField?: string; batchMaxBytes?: number; batchMaxItems?: number; concurrency?: number };
  http?: { timeoutMs?: number; maxAttempts?: number };
  codegen?: { out?: string; sources?: string[] };
  failOnBreaking?: boolean;
  /** The frontends' GraphQL documents that plan, apply and checkOperations check (patterns relative to the host's cwd). */
  operations?: { documents: string[]; failOn?: OperationsFailOn };
  marketing?: {
    authUrl: string;
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    redirectUri?: string;
    revokeUrl?: string;
    grant?: 'authorization_code' | 'client_credentials';
  };
}

/**
 * A config given as an object, for loadConfig: its problems are named by their key path in
 * the object (`environments.production.auth.secret`), as a file's are by line and column.
 */
export function objectConfig(value: unknown): {
  file: undefined;
  value: Record<string, unknown>;
  where: (keyPath: readonly (string | number)[]) => string;
  place: (keyPath: readonly (string | number)[]) => { file: string; line: number; column: number };
} {
  if (!isRecord(value)) {
    throw new GraphformError('GF_CONFIG_INVALID', 'The config object must be a mapping of keys to values, with the shape of graphform.config.yaml.', {
      details: { file: null },
      hint: 'Pass an object such as { environments: { … } }; every key is described in docs/configuration.md.',
    });
  }
  const where = (keyPath: readonly (string | number)[]): string => (keyPath.length === 0 ? 'the config object' : keyPath.join('.'));
  return { file: undefined, value, where, place: (keyPath) => ({ file: where(keyPath), line: 0, column: 0 }) };
}
