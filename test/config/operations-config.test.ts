import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

async function load(config: string) {
  const dir = await makeProjectDir({ 'graphform.config.yaml': config });
  return loadConfig({ cwd: dir, configFile: undefined, env: {} });
}

async function refusal(config: string): Promise<string> {
  try {
    await load(config);
  } catch (error) {
    if (isGraphformError(error)) return `${error.code} ${error.message}`;
    throw error;
  }
  throw new Error('the config was accepted');
}

describe('the operations: block', () => {
  it('is absent unless configured, and failOn is broken unless set', async () => {
    expect((await load('sources: content-sources\n')).operations).toBeUndefined();
    expect((await load('operations:\n  documents: ["web/**/*.graphql"]\n')).operations).toMatchObject({ documents: ['web/**/*.graphql'], failOn: 'broken' });
    expect((await load('operations:\n  documents: ["a.graphql"]\n  failOn: affected\n')).operations).toMatchObject({
      documents: ['a.graphql'],
      failOn: 'affected',
    });
  });

  it("records where each pattern is written: the list item's own line and column, in a block list, a flow list and JSON", async () => {
    const places = async (files: Record<string, string>): Promise<string[]> => {
      const dir = await makeProjectDir(files);
      const config = await loadConfig({ cwd: dir, configFile: undefined, env: {} });
      return (config.operations?.patterns ?? []).map((p) => `${p.key} ${p.pattern} ${p.file}:${p.line}:${p.column}`);
    };
    expect(await places({ 'graphform.config.yaml': 'sources: s\noperations:\n  documents:\n    - web/src/**/*.graphql\n    - "web/sr/**/*.tsx"\n' })).toEqual([
      'operations.documents web/src/**/*.graphql graphform.config.yaml:4:7',
      'operations.documents web/sr/**/*.tsx graphform.config.yaml:5:7',
    ]);
    expect(await places({ 'graphform.config.yaml': 'operations:\n  documents: ["a.graphql", "b/*.tsx"]\n' })).toEqual([
      'operations.documents a.graphql graphform.config.yaml:2:15',
      'operations.documents b/*.tsx graphform.config.yaml:2:28',
    ]);
    expect(
      await places({
        'package.json': '{\n  "name": "x",\n  "graphform": {\n    "operations": {\n      "documents": [\n        "a.graphql"\n      ]\n    }\n  }\n}\n',
      }),
    ).toEqual(['operations.documents a.graphql package.json:6:9']);
  });

  it("gives a JavaScript config's patterns no line (it has no positions) and a config object's its key path", async () => {
    const dir = await makeProjectDir({ 'graphform.config.mjs': 'export default { operations: { documents: ["a.graphql"] } };\n' });
    const fromCode = await loadConfig({ cwd: dir, configFile: undefined, env: {} });
    expect(fromCode.operations?.patterns).toEqual([{ pattern: 'a.graphql', key: 'operations.documents', file: 'graphform.config.mjs', line: 0, column: 0 }]);
    const fromObject = await loadConfig({ cwd: dir, configFile: undefined, env: {}, object: { operations: { documents: ['a.graphql'] } } });
    expect(fromObject.operations?.patterns).toEqual([
      { pattern: 'a.graphql', key: 'operations.documents', file: 'operations.documents.0', line: 0, column: 0 },
    ]);
  });

  it('refuses a failOn it does not know and a block without documents, at the key', async () => {
    expect(await refusal('operations:\n  documents: ["a.graphql"]\n  failOn: always\n')).toMatch(
      /^GF_CONFIG_INVALID [\s\S]*graphform\.config\.yaml:3:\d+ \(operations\.failOn\)/,
    );
    expect(await refusal('operations:\n  failOn: none\n')).toMatch(/^GF_CONFIG_INVALID [\s\S]*documents/);
  });
});
