import { describe, expect, it } from 'vitest';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

const LANGUAGES = ['en', 'sv', 'pt-BR', 'zh-Hant-TW', 'de'];
const TYPES = Array.from({ length: 40 }, (_, i) => `CatalogueEntryOfKind${String(i).padStart(2, '0')}`);

function wideYaml(): string {
  const types = TYPES.flatMap((type) => [
    `  ${type}:`,
    '    contentType: []',
    '    properties:',
    '      Name: { type: String, searchable: true }',
    '      Rank: { type: Int }',
  ]);
  return ['id: wide', 'label: Wide', `languages: [${LANGUAGES.join(', ')}]`, 'contentTypes:', ...types, 'data: [../items.ndjson]', ''].join('\n');
}

function items(): string {
  return (
    TYPES.flatMap((type, i) =>
      LANGUAGES.map(
        (language) =>
          `${JSON.stringify({ index: { _id: `${type}-${language}`, language_routing: language } })}\n${JSON.stringify({ ContentType: [type], Name___searchable: `${type} in ${language}`, Rank: i, Status: 'Published', _rbac: 'r:Everyone:Read' })}`,
      ),
    ).join('\n') + '\n'
  );
}

describe('a source of 40 types in 5 languages', () => {
  it('applies and is confirmed served, item by item, in queries the service accepts', async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml':
        'sources: content-sources\nenvironments:\n  local:\n    emulator: { schemaDelay: 200ms, indexingLag: 200ms }\n    wait: { schemaTimeout: 20s, servedTimeout: 3s }\n',
      'content-sources/wide.yaml': wideYaml(),
      'items.ndjson': items(),
    });
    const run = await runCli(['apply', '--yes'], { cwd: dir });
    expect(run.stdout + run.stderr).toMatch(/wide: sent 200, served 200/);
    expect(run.code).toBe(0);
  });
});
