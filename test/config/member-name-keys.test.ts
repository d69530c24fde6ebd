import { describe, expect, it } from 'vitest';
import { checkShape } from '../../src/config/check-shape.js';
import { CONFIG_SHAPE } from '../../src/config/shape.js';
import { loadConfig } from '../../src/config/load-config.js';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const NAMES = ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty'];

/** Every level the checker walks: the top, a fixed object, a map's entry, an object inside it. */
const LEVELS: [string, (key: string) => string, string][] = [
  ['the top level', (key) => `sources: x\n${key}: 1\n`, '2:1'],
  ['data', (key) => `data:\n  ${key}: 1\n`, '2:3'],
  ['an environment', (key) => `environments:\n  prod:\n    graphUrl: https://g.example\n    ${key}: 1\n`, '4:5'],
  [
    "an environment's auth",
    (key) => `environments:\n  prod:\n    graphUrl: https://g.example\n    auth: { scheme: hmac, appKey: k, secret: s3cret-value, ${key}: 1 }\n`,
    '4:60',
  ],
  ['a state block', (key) => `environments:\n  prod:\n    emulator: {}\n    state: { backend: local, ${key}: 1 }\n`, '4:30'],
];

describe('a config key named like a JavaScript object member', () => {
  for (const [level, text, at] of LEVELS) {
    it.each(NAMES)(`${level}: \`%s\` is the normal unknown-key diagnostic`, async (key) => {
      const dir = await makeProjectDir({ 'graphform.config.yaml': text(key) });
      const error = await loadConfig({ cwd: dir, configFile: undefined, env: {} }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isGraphformError(error), String(error)).toBe(true);
      if (!isGraphformError(error)) return;
      expect(error.code).toBe('GF_CONFIG_INVALID');
      expect(error.message).toContain(`graphform.config.yaml:${at}`);
      expect(error.message).toContain(`unknown key \`${key}\``);
    });
  }

  it('checkShape reports them as unknown keys of a plain value, at every level', () => {
    for (const key of NAMES) {
      const value = JSON.parse(`{"data": {"${key}": 1}, "environments": {"p": {"state": {"backend": "local", "${key}": 1}}}, "${key}": 1}`) as unknown;
      expect(
        checkShape(value, CONFIG_SHAPE)
          .map((p) => `${p.path.join('.')}: ${p.message.split(';')[0] ?? ''}`)
          .sort(),
        key,
      ).toEqual([`${key}: unknown key \`${key}\``, `data.${key}: unknown key \`${key}\``, `environments.p.state.${key}: unknown key \`${key}\``].sort());
    }
  });
});
