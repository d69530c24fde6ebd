import { describe, expect, it } from 'vitest';
import { loadConfig, selectEnvironment } from '../../src/config/load-config.js';
import { isGraphformError, type GraphformError } from '../../src/diagnostics/errors.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const config = (cmsTypes: string[]): string =>
  ['environments:', '  local:', '    emulator:', '      dataDir: .emu', '      cmsTypes:', ...cmsTypes.map((line) => `        ${line}`), ''].join('\n');

async function localEnvironment(text: string) {
  const cwd = await makeProjectDir({ 'graphform.config.yaml': text });
  return selectEnvironment(await loadConfig({ cwd, configFile: undefined, env: {} }), 'local');
}

async function failure(text: string): Promise<GraphformError> {
  try {
    await localEnvironment(text);
  } catch (error) {
    if (isGraphformError(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('environments.<name>.emulator.cmsTypes', () => {
  it('is a source definition handed to the embedded emulator', async () => {
    const env = await localEnvironment(
      config(['label: Our CMS', 'languages: [en, de]', 'contentTypes:', '  HomePage: { contentType: [], properties: { Title: { type: String } } }']),
    );
    expect(env.emulator?.cmsTypes).toEqual({
      label: 'Our CMS',
      languages: ['en', 'de'],
      contentTypes: { HomePage: { contentType: [], properties: { Title: { type: 'String' } } } },
    });
  });

  it('is absent unless given', async () => {
    const env = await localEnvironment('environments:\n  local:\n    emulator: { dataDir: .emu }\n');
    expect(env.emulator).not.toHaveProperty('cmsTypes');
  });

  it.each([
    {
      name: 'a definition the service would refuse',
      lines: ['label: CMS', 'languages: [en]', 'contentTypes: { Page: { contentType: [Base], properties: {} } }'],
      message:
        /^graphform\.config\.yaml:5:7 \(environments\.local\.emulator\.cmsTypes\): cmsTypes is not a valid content source definition: contentTypes\.Page\.contentType: unknown content type "Base"\.$/,
    },
    { name: 'an unknown field', lines: ['label: CMS', 'languages: [en]', 'contentTypes: {}', 'colour: x'], message: /unknown field colour/ },
  ])('names the config line for $name', async ({ lines, message }) => {
    const error = await failure(config(lines));
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toMatch(message);
  });

  it('must be a mapping', async () => {
    const error = await failure('environments:\n  local:\n    emulator:\n      cmsTypes: [Page]\n');
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toContain('graphform.config.yaml:4:17 (environments.local.emulator.cmsTypes): expected a mapping, got a list');
  });
});
