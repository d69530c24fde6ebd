import { ENVIRONMENT_NAME_PATTERN, ENVIRONMENT_NAME_RULE } from './environment-name.js';

/**
 * The config file's shape, checked by a small walker instead of ajv: config is read by
 * every command, and compiling a schema on each start-up would cost more than it saves.
 */
export type Shape =
  | { kind: 'string' }
  | { kind: 'boolean' }
  | { kind: 'integer'; min: number; max?: number }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'stringList' }
  | { kind: 'object'; fields: Readonly<Record<string, Shape>>; required?: readonly string[] }
  /** `keys`: the pattern every key must match, and the rule to say when one does not. */
  | { kind: 'map'; values: Shape; keys?: { pattern: RegExp; rule: string } }
  /** Any mapping; what is inside is checked by the code that reads it (e.g. a source definition). */
  | { kind: 'mapping' }
  /** A length of time as people write it: `20m`, `30s`, `500ms`, `1h`. */
  | { kind: 'duration' };

const str: Shape = { kind: 'string' };
const bool: Shape = { kind: 'boolean' };
const positive: Shape = { kind: 'integer', min: 1 };
const nonNegative: Shape = { kind: 'integer', min: 0 };
/**
 * The longest a Node timer waits (2^31 - 1 ms, about 24.8 days): setTimeout fires a longer
 * delay after 1 ms instead, so `timeoutMs: 1e20` would time every request out at once.
 */
const timerMs: Shape = { kind: 'integer', min: 1, max: 2_147_483_647 };

const duration: Shape = { kind: 'duration' };

const stateShape: Shape = {
  kind: 'object',
  required: ['backend'],
  fields: {
    backend: { kind: 'enum', values: ['local', 'http'] },
    path: str,
    address: str,
    lockAddress: str,
    unlockAddress: str,
    lockMethod: str,
    unlockMethod: str,
    username: str,
    password: str,
    lockTimeoutMs: nonNegative,
    snapshotPartBytes: { kind: 'integer', min: 65_536, max: 33_554_432 },
  },
};

const environmentShape: Shape = {
  kind: 'object',
  fields: {
    graphUrl: str,
    auth: {
      kind: 'object',
      required: ['scheme', 'appKey', 'secret'],
      fields: { scheme: { kind: 'enum', values: ['basic', 'hmac'] }, appKey: str, secret: str },
    },
    emulator: {
      kind: 'object',
      fields: {
        dataDir: str,
        maxSources: positive,
        cmsTypes: { kind: 'mapping' },
        schemaDelay: duration,
        indexingLag: duration,
        itemFields: { kind: 'stringList' },
      },
    },
    singleKey: str,
    state: stateShape,
    refresh: bool,
    keep: bool,
    prune: bool,
    wait: { kind: 'object', fields: { schemaTimeout: duration, servedTimeout: duration } },
  },
};

export const CONFIG_SHAPE: Shape = {
  kind: 'object',
  fields: {
    sources: str,
    defaultEnvironment: str,
    reservedTypeNames: { kind: 'stringList' },
    maxSources: positive,
    scalarTypes: { kind: 'stringList' },
    environments: { kind: 'map', values: environmentShape, keys: { pattern: ENVIRONMENT_NAME_PATTERN, rule: ENVIRONMENT_NAME_RULE } },
    data: {
      kind: 'object',
      fields: {
        idField: str,
        languageField: str,
        batchMaxBytes: positive,
        batchMaxItems: positive,
        concurrency: positive,
      },
    },
    http: { kind: 'object', fields: { timeoutMs: timerMs, maxAttempts: positive } },
    codegen: { kind: 'object', fields: { out: str, sources: { kind: 'stringList' } } },
    failOnBreaking: bool,
    operations: {
      kind: 'object',
      required: ['documents'],
      fields: { documents: { kind: 'stringList' }, failOn: { kind: 'enum', values: ['broken', 'affected', 'none'] } },
    },
    marketing: {
      kind: 'object',
      // redirectUri is required by the authorization code only (resolveMarketing checks it).
      required: ['authUrl', 'baseUrl', 'clientId', 'clientSecret'],
      fields: {
        authUrl: str,
        baseUrl: str,
        clientId: str,
        clientSecret: str,
        redirectUri: str,
        revokeUrl: str,
        grant: { kind: 'enum', values: ['authorization_code', 'client_credentials'] },
      },
    },
  },
};
