import { describe, expect, it } from 'vitest';
import { loadConfig, selectEnvironment } from '../../src/config/load-config.js';
import { isGraphformError, type GraphformError } from '../../src/diagnostics/errors.js';
import { openEnvironment } from '../../src/workflows/internal/open-environment.js';
import { indexLines, sampleDefinition } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

const config = (itemFields: string): string =>
  ['environments:', '  local:', '    emulator:', '      schemaDelay: 0', '      indexingLag: 0', `      itemFields: ${itemFields}`, ''].join('\n');

async function project(text: string): Promise<{ cwd: string; config: Awaited<ReturnType<typeof loadConfig>> }> {
  const cwd = await makeProjectDir({ 'graphform.config.yaml': text });
  return { cwd, config: await loadConfig({ cwd, configFile: undefined, env: {} }) };
}

async function failure(text: string): Promise<GraphformError> {
  try {
    selectEnvironment((await project(text)).config, 'local');
  } catch (error) {
    if (isGraphformError(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('environments.<name>.emulator.itemFields', () => {
  it('lists the item fields the embedded emulator serves; absent, the emulator default', async () => {
    expect(selectEnvironment((await project(config('[Status, _rbac]'))).config, 'local').emulator?.itemFields).toEqual(['Status', '_rbac']);
    expect(selectEnvironment((await project(config('[]'))).config, 'local').emulator?.itemFields).toEqual([]);
    const absent = selectEnvironment((await project('environments:\n  local:\n    emulator: {}\n')).config, 'local');
    expect(absent.emulator).not.toHaveProperty('itemFields');
  });

  it('reaches the embedded emulator: its GraphQL serves those fields and refuses the others', async () => {
    const { cwd, config: loaded } = await project(config('[_rbac, RolesWithReadAccess]'));
    const opened = await openEnvironment(testHost(cwd), loaded, selectEnvironment(loaded, 'local'));
    try {
      const emulator = opened.emulator;
      if (emulator === undefined) throw new Error('expected the embedded emulator');
      await opened.client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
      await opened.client.pushData('shop', indexLines([{ id: 'a', language: 'en', fields: { RolesWithReadAccess: 'Everyone' } }]));
      const ask = async (fields: string) => {
        const response = await rawRequest(emulator, {
          method: 'POST',
          target: '/content/v2',
          body: JSON.stringify({ query: `{ Product { items { ${fields} } } }` }),
          contentType: 'application/json',
        });
        return { status: response.status, body: JSON.parse(response.text) as unknown };
      };
      expect(await ask('_id _rbac RolesWithReadAccess')).toEqual({
        status: 200,
        body: { data: { Product: { items: [{ _id: 'a', _rbac: 'r:Everyone:Read', RolesWithReadAccess: 'Everyone' }] } } },
      });
      const refused = await ask('Status');
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('Cannot query field \\"Status\\" on type \\"Product\\".');
    } finally {
      await opened.close();
    }
  });

  it('names the config line of an unknown item field, and the allowed ones', async () => {
    const error = await failure(config('[Status, Owner]'));
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toMatch(
      /^graphform\.config\.yaml:6:\d+ \(environments\.local\.emulator\.itemFields\.1\): "Owner" is not an item field the emulator can serve; itemFields takes Status, _rbac, RolesWithReadAccess\.$/,
    );
  });

  it('must be a list of names', async () => {
    const error = await failure(config('Status'));
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toMatch(
      /graphform\.config\.yaml:6:\d+ \(environments\.local\.emulator\.itemFields\): expected a list of strings, got string "Status"/,
    );
  });
});
