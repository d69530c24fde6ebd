// The emulator command's flags, shared by its registration and its action, which is loaded lazily.

/** Port of `graphform emulator` when --port is not given (0 picks a free one). */
export const DEFAULT_EMULATOR_PORT = 5152;

export interface EmulatorCommandOptions {
  port?: string;
  dataDir?: string;
  maxSources?: string;
  appKey?: string;
  secret?: string;
  singleKey?: string;
  cmsTypes?: string;
  /** A duration (`300ms`, `5m`): how long GraphQL serves the schema from before a types change. */
  schemaDelay?: string;
  /** A duration: how long after a data request GraphQL counts and serves its items. */
  indexingLag?: string;
  /** Comma-separated item fields every content type's GraphQL serves (`Status,_rbac`; '' for none): EmulatorOptions.itemFields. */
  itemFields?: string;
  /** The address to listen on (default 127.0.0.1); 0.0.0.0 for containers, with a warning. */
  host?: string;
  /** Comma-separated origins a browser may query the content GraphQL endpoint from (`*` for any): EmulatorOptions.corsOrigins. */
  corsOrigin?: string;
}
