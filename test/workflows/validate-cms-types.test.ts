import { describe, expect, it } from 'vitest';
import { validate } from '../../src/workflows/validate.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

const source = (typeName: string): string =>
  `id: site\nlabel: Site\nlanguages: [en]\ncontentTypes:\n  ${typeName}:\n    contentType: []\n    properties:\n      Title: { type: String }\n`;

const CONFIG = [
  'defaultEnvironment: local',
  'environments:',
  '  local:',
  '    emulator: { dataDir: .graphform/emulator }',
  '  custom:',
  '    emulator:',
  '      dataDir: .graphform/custom',
  '      cmsTypes: { label: Our CMS, languages: [en], contentTypes: { HomePage: { contentType: [], properties: {} } } }',
  '  production:',
  '    graphUrl: https://graph.example.com',
  '    auth: { scheme: hmac, appKey: key, secret: "${env:GRAPH_SECRET}" }',
  '',
].join('\n');

/** What validate says of a content type name, offline, in an environment. */
async function codesFor(typeName: string, environment: string): Promise<string[]> {
  const cwd = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/site.yaml': source(typeName) });
  const result = await validate({ environment }, testHost(cwd, { variables: { GRAPH_SECRET: 'not-used-offline' } }));
  return result.diagnostics.map((d) => d.code);
}

describe('validate and the CMS types it knows offline', () => {
  it("refuses a name of the embedded emulator's built-in CMS types, as plan would", async () => {
    expect(await codesFor('StartPage', 'local')).toEqual(['GF_TYPE_NAME_COLLISION']);
    expect(await codesFor('Article', 'local')).toEqual([]);
  });

  it("takes the environment's own cmsTypes when the config gives them", async () => {
    expect(await codesFor('HomePage', 'custom')).toEqual(['GF_TYPE_NAME_COLLISION']);
    expect(await codesFor('StartPage', 'custom')).toEqual([]);
  });

  it('leaves a remote service to plan, which reads its CMS types (reservedTypeNames stand for them offline)', async () => {
    expect(await codesFor('StartPage', 'production')).toEqual([]);
  });
});
