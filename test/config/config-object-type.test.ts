import { describe, expect, it } from 'vitest';
import type { GraphformConfig } from '../../src/index.js';
import { CONFIG_SHAPE, type Shape } from '../../src/config/shape.js';

/**
 * `GraphformConfig` (the type a script writes its config object with) and the shape the
 * config is checked against say the same keys: a key the check accepts but the type lacks
 * can only be given with a cast, and a key the type has but the check refuses fails at run
 * time. `EVERY_KEY` is a config with every key of the type (TypeScript insists on each), and
 * the walk compares its keys with the shape's, level by level.
 */
type Complete<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]-?: Complete<T[K]> } : T;

const EVERY_KEY: Complete<GraphformConfig> = {
  sources: 'content-sources',
  defaultEnvironment: 'local',
  reservedTypeNames: [],
  maxSources: 1,
  scalarTypes: [],
  environments: {
    local: {
      graphUrl: 'http://127.0.0.1:1',
      auth: { scheme: 'hmac', appKey: 'a', secret: 's' },
      emulator: { dataDir: 'd', maxSources: 1, cmsTypes: {}, schemaDelay: 0, indexingLag: 0, itemFields: [] },
      singleKey: 'k',
      state: {
        backend: 'local',
        path: 'p',
        address: 'a',
        lockAddress: 'a',
        unlockAddress: 'a',
        lockMethod: 'LOCK',
        unlockMethod: 'UNLOCK',
        username: 'u',
        password: 'p',
        lockTimeoutMs: 0,
        snapshotPartBytes: 65_536,
      },
      refresh: true,
      keep: true,
      prune: false,
      wait: { schemaTimeout: '1m', servedTimeout: '1m' },
    },
  },
  data: { idField: 'Id', languageField: 'language_routing', batchMaxBytes: 1, batchMaxItems: 1, concurrency: 1 },
  http: { timeoutMs: 1, maxAttempts: 1 },
  codegen: { out: 'generated', sources: [] },
  failOnBreaking: false,
  operations: { documents: [], failOn: 'broken' },
  marketing: { authUrl: 'a', baseUrl: 'b', clientId: 'c', clientSecret: 'd', redirectUri: 'e', revokeUrl: 'f', grant: 'client_credentials' },
};

/** Each key path where the type and the shape differ, as `path: only in the shape|type`. */
function differences(shape: Shape, value: unknown, path: string): string[] {
  if (typeof value !== 'object' || value === null) return [];
  if (shape.kind === 'map') return Object.entries(value).flatMap(([key, entry]) => differences(shape.values, entry, `${path}.${key}`));
  if (shape.kind !== 'object') return [];
  const inType = Object.keys(value);
  const inShape = Object.keys(shape.fields);
  return [
    ...inShape.filter((k) => !inType.includes(k)).map((k) => `${path}.${k}: only in the config check, missing from the GraphformConfig type`),
    ...inType.filter((k) => !inShape.includes(k)).map((k) => `${path}.${k}: only in the GraphformConfig type, refused by the config check`),
    ...inShape.flatMap((k) => differences(shape.fields[k] as Shape, (value as Record<string, unknown>)[k], `${path}.${k}`)),
  ];
}

describe('the GraphformConfig type', () => {
  it('has every key the config check accepts, and no other', () => {
    expect(differences(CONFIG_SHAPE, EVERY_KEY, 'config')).toEqual([]);
  });
});
