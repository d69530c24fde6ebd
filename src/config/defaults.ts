import { DEFAULT_HTTP_SETTINGS } from '../http/types.js';
import { SCALAR_TYPES } from '../model/types.js';
import type { DataConfig, HttpConfig, MarketingGrant, WaitConfig } from './types.js';

export const DEFAULT_SOURCES_DIR = 'content-sources';
export const DEFAULT_ENVIRONMENT = 'local';
export const DEFAULT_EMULATOR_DIR = '.graphform/emulator';
export const DEFAULT_CODEGEN_OUT = 'generated/graphform';
export const DEFAULT_SCALAR_TYPES: readonly string[] = SCALAR_TYPES;

export function defaultStatePath(environment: string): string {
  return `.graphform/state/${environment}.json`;
}

export const DEFAULT_DATA: DataConfig = {
  idField: 'Id',
  languageField: 'language_routing',
  batchMaxBytes: 4 * 1024 * 1024,
  batchMaxItems: 1000,
  concurrency: 4,
};

export const DEFAULT_HTTP: HttpConfig = {
  timeoutMs: DEFAULT_HTTP_SETTINGS.timeoutMs,
  // One attempt more than the library's default: a pipeline run that gives up on a
  // transient 503 costs a whole re-run, so the CLI waits out one more backoff.
  maxAttempts: DEFAULT_HTTP_SETTINGS.maxAttempts + 1,
};

/** marketing.grant when not given: a user logs in (`auth login`), as the contract describes. */
export const DEFAULT_MARKETING_GRANT: MarketingGrant = 'authorization_code';
/** The callback graphform listens on for `auth login` (and the emulator's demo app is registered with). */
export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:8765/callback';

/**
 * How long apply and data push wait for GraphQL when `wait:` does not say: the public record
 * gives 5-10 minutes for a schema change and 15-20 for modified fields, so 20 minutes.
 */
export const DEFAULT_WAIT: WaitConfig = { schemaTimeoutMs: 20 * 60_000, servedTimeoutMs: 10 * 60_000 };

/**
 * The embedded local emulator's GraphQL delays when `emulator:` does not give them: short,
 * but not zero, so the quick start and the tests go through the waits as against the service.
 */
export const DEFAULT_LOCAL_DELAYS = { schemaDelayMs: 200, indexingLagMs: 200 } as const;
