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
}
