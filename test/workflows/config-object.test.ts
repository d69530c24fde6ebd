import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, nodeHost, plan, startEmulator, type GraphformConfig, type RunningEmulator } from '../../src/index.js';
import { rejection } from '../helpers/graphform-error.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const SHOP = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String }\n';

/** A config for one environment on `emulator`, its secret as a value or read from a variable. */
function configFor(emulator: RunningEmulator, secret: string): GraphformConfig {
  return {
    sources: 'declared',
    defaultEnvironment: 'test',
    environments: {
      test: {
        graphUrl: emulator.url,
        auth: { scheme: 'hmac', appKey: emulator.credentials.appKey, secret },
        state: { backend: 'local', path: 'state/test.json' },
      },
    },
  };
}

describe('a workflow given its config as an object', () => {
  it('plans and applies against an emulator the script started, with no config file, its paths under cwd', { timeout: 60_000 }, async () => {
    const emulator = await startEmulator({ port: 0 });
    try {
      const project = await makeProjectDir({ 'declared/shop.yaml': SHOP });
      // The secret read from a variable the script passes, as a pipeline would.
      const config = configFor(emulator, '${env:GRAPH_SECRET}');
      const env = nodeHost({ cwd: project, variables: { GRAPH_SECRET: emulator.credentials.secret } });

      const planned = await plan({ config }, env);
      expect(planned.plan.environment).toBe('test');
      expect(planned.plan.sources.map((s) => [s.id, s.action])).toEqual([['shop', 'create']]);

      const report = await apply({ config, plan: planned.plan }, env);
      expect(report.outcomes.map((o) => [o.id, o.status])).toEqual([['shop', 'applied']]);
      expect(await emulator.inspect.definition('shop')).toMatchObject({ label: 'Shop' });
      // `state.path` resolved against cwd; the folder holds no config file.
      expect((await readdir(project)).sort()).toEqual(['declared', 'state']);
      expect(await readdir(path.join(project, 'state'))).toContain('test.json');
      expect((await plan({ config }, env)).plan.summary).toMatchObject({ create: 0, full: 0, partial: 0 });
    } finally {
      await emulator.close();
    }
  });

  it('takes the secret as a value too, and GRAPHFORM_ALLOW_EMPTY as an option of the host context', { timeout: 60_000 }, async () => {
    const emulator = await startEmulator({ port: 0 });
    try {
      const project = await makeProjectDir({ 'declared/shop.yaml': SHOP, 'nothing-here/.gitkeep': '' });
      const config = configFor(emulator, emulator.credentials.secret);
      await apply({ config }, nodeHost({ cwd: project, variables: {} }));
      const emptied = { ...config, sources: 'nothing-here' };
      const refused = await rejection(plan({ config: emptied }, nodeHost({ cwd: project, variables: {} })));
      expect(refused.code).toBe('GF_NOTHING_DECLARED');
      const allowed = await plan({ config: emptied }, nodeHost({ cwd: project, variables: {}, switches: { allowEmpty: true } }));
      expect(allowed.plan.sources.map((s) => [s.id, s.action])).toEqual([['shop', 'orphan']]);
    } finally {
      await emulator.close();
    }
  });

  it('refuses an invalid object naming each key by its path in the object, never showing a secret', async () => {
    const project = await makeProjectDir({ 'declared/shop.yaml': SHOP });
    const config = {
      sources: 'declared',
      environments: { production: { grapUrl: 'https://graph.example.com', auth: { scheme: 'hmac', appKey: 'key', secret: 12345678901234 } } },
    } as unknown as GraphformConfig;
    const error = await rejection(plan({ config, environment: 'production' }, nodeHost({ cwd: project, variables: {} })));
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toContain('The config object is not valid');
    expect(error.message).toContain('environments.production.grapUrl: unknown key `grapUrl`; did you mean `graphUrl`?');
    expect(error.message).toContain('environments.production.auth.secret: expected a string, got a number');
    expect(error.message).not.toContain('12345678901234');
  });

  it('names the key of a variable that is not set by its path in the object', async () => {
    const project = await makeProjectDir({ 'declared/shop.yaml': SHOP });
    const config: GraphformConfig = {
      sources: 'declared',
      environments: { production: { graphUrl: 'https://graph.example.com', auth: { scheme: 'hmac', appKey: 'key', secret: '${env:GRAPH_SECRET}' } } },
    };
    const error = await rejection(plan({ config, environment: 'production' }, nodeHost({ cwd: project, variables: {} })));
    expect(error.code).toBe('GF_CONFIG_ENV_MISSING');
    expect(error.message).toBe('environments.production.auth.secret needs the environment variable GRAPH_SECRET, which is not set.');
  });

  it('refuses a config object and a configFile together', async () => {
    const project = await makeProjectDir({ 'declared/shop.yaml': SHOP });
    const error = await rejection(plan({ config: { sources: 'declared' }, configFile: 'graphform.config.yaml' }, nodeHost({ cwd: project, variables: {} })));
    expect(error.code).toBe('GF_USAGE');
  });
});
