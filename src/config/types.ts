import type { GraphAuth } from '../graph/types.js';
import type { ContentSourceV3 } from '../emulator/graph/wire-definition.js';
import type { ItemField } from '../emulator/types.js';
import type { OperationsConfig } from '../operations/types.js';

export type StateConfig =
  | { backend: 'local'; path: string; lockTimeoutMs: number }
  | {
      backend: 'http';
      address: string;
      lockAddress: string;
      unlockAddress: string;
      username?: string;
      password?: string;
      /** Terraform's lock_method / unlock_method (GitLab uses POST / DELETE); default LOCK / UNLOCK. */
      lockMethod?: string;
      unlockMethod?: string;
      lockTimeoutMs: number;
      /** Compressed bytes per part of a snapshot's copy beside the state; keep it below the server's size limit of a state. */
      snapshotPartBytes?: number;
    };

export interface EmulatorEnvironmentConfig {
  /** Absolute path where the embedded emulator keeps its data. */
  dataDir: string;
  maxSources?: number;
  /** The CMS's own content types the emulator answers (a source definition, already checked). */
  cmsTypes?: ContentSourceV3;
  /** How long its GraphQL keeps serving the schema from before a types change (`schemaDelay`). */
  schemaDelayMs: number;
  /** How long after a data request its GraphQL counts and serves the items (`indexingLag`). */
  indexingLagMs: number;
  /** The item fields (Status, _rbac, RolesWithReadAccess) its GraphQL serves (`itemFields`); the emulator's default when absent. */
  itemFields?: ItemField[];
}

/** How long apply and data push wait for GraphQL (`wait:`), in milliseconds. */
export interface WaitConfig {
  /** For the new schema after a create or full update, before any item is pushed (`schemaTimeout`). */
  schemaTimeoutMs: number;
  /** For every item sent to be counted as served (`servedTimeout`). */
  servedTimeoutMs: number;
}

/** One environment, fully resolved: every path absolute, every `${env:…}` substituted. */
export interface EnvironmentConfig {
  name: string;
  /** Set for a remote service; absent when the embedded emulator is used. */
  graphUrl?: string;
  auth?: GraphAuth;
  /**
   * The content GraphQL read key (`singleKey`) of a remote service: it sees only what the
   * public sees, so nothing counts with it (counts use `auth`). A secret. The embedded
   * emulator brings its own.
   */
  singleKey?: string;
  emulator?: EmulatorEnvironmentConfig;
  state: StateConfig;
  /** GET types before planning, to tell new sources from unmanaged ones and detect drift. */
  refresh: boolean;
  /** false: a full update does not read the items back and push them again (`keep: false` on every source of the environment). */
  keep: boolean;
  /**
   * `prune: true`: plan and apply for this environment delete the sources in state that are no
   * longer declared, as `--prune` does (behind the same data-loss gate), so a pull request that
   * removes a declaration deletes the source once its plan is approved.
   */
  prune: boolean;
  wait: WaitConfig;
}

export interface DataConfig {
  /** Field of a plain item used as the action line's `_id`. */
  idField: string;
  /** Field of a plain item giving its language; `Language.Name` is tried after it. */
  languageField: string;
  batchMaxBytes: number;
  batchMaxItems: number;
  concurrency: number;
}

/**
 * How graphform gets its access tokens: `authorization_code` (a user logs in with
 * `auth login`; tokens are stored and refreshed) or `client_credentials` (published beside
 * it: every command fetches a token with the client id and secret alone; nothing stored).
 */
export type MarketingGrant = 'authorization_code' | 'client_credentials';

export interface MarketingConfig {
  authUrl: string;
  /** The Open API, with or without its `/v3` (the published server is https://api.cmp.optimizely.com/v3). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Only the authorization code uses it; the default callback under client_credentials when not given. */
  redirectUri: string;
  grant: MarketingGrant;
  /** Where `auth logout` revokes tokens; default `<authUrl>/o/oauth2/v1/revoke`. */
  revokeUrl?: string;
}

/** `graphform codegen`: where the generated files go and for which sources. */
export interface CodegenConfig {
  /** Absolute path of the output folder (default `generated/graphform` beside the config). */
  out: string;
  /** Source ids to generate for; undefined means every declared source. */
  sources: string[] | undefined;
}

export interface HttpConfig {
  timeoutMs: number;
  maxAttempts: number;
}

/** The config after loading and resolving: no optional field left that has a default. */
export interface ResolvedConfig {
  /** Absolute path of the config file, or undefined when defaults are used. */
  configFile: string | undefined;
  /** Folder the config lives in; relative paths resolve against it. */
  rootDir: string;
  /** Absolute path of the declarations folder. */
  sources: string;
  defaultEnvironment: string;
  reservedTypeNames: string[];
  maxSources: number | undefined;
  scalarTypes: string[];
  /** Every environment name, the implicit `local` included. */
  environmentNames: string[];
  /**
   * Environments resolve on use, so a production secret that is not set does not stop
   * `--env local` from working. Throws GF_CONFIG_* naming the key and variable.
   */
  resolveEnvironment(name: string): EnvironmentConfig;
  data: DataConfig;
  http: HttpConfig;
  codegen: CodegenConfig;
  /** Policy: a plan with breaking GraphQL changes is an error (plan and apply exit 1, nothing sent). */
  failOnBreaking: boolean;
  /** The frontends' GraphQL documents checked against the planned schema (`operations:`); undefined when not configured. */
  operations: OperationsConfig | undefined;
  /** Whether the config has a `marketing:` block (without it, the local emulator's demo app is used). */
  marketingConfigured: boolean;
  /** Resolves the `marketing:` block on use; throws GF_CONFIG_MARKETING_MISSING when absent. */
  resolveMarketing(): MarketingConfig;
}
