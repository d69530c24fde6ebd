import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/**
 * The yaml package loads only when a file needs it: plain YAML is read by the quick reader,
 * so validate on a plain project never loads it, and the answer is the same either way.
 * Runs the built binary with a preload that, as the process exits, writes the files in
 * node's module cache: yaml is loaded with require(), which module hooks do not see.
 */
const run = promisify(execFile);
const listModules = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; import { createRequire } from 'node:module'; const cache = createRequire(process.execPath).cache; process.on('exit', () => writeFileSync(process.env.GRAPHFORM_MODULE_LIST, Object.keys(cache).join('\\n')));",
)}`;

const config =
  'sources: content-sources\ndefaultEnvironment: local\nenvironments:\n  local:\n    state: { backend: local, path: .graphform/state/local.json }\n    graphUrl: http://127.0.0.1:9\n    auth: { scheme: basic, appKey: k, secret: long-enough-secret }\n';
const shop =
  'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Item:\n    contentType: []\n    properties:\n      Name: { type: String, searchable: true }\n';

async function validate(files: Record<string, string>): Promise<{ yamlLoaded: boolean; stdout: string; stderr: string }> {
  const cwd = await makeProjectDir(files);
  const log = path.join(cwd, 'modules.log');
  const env = { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, GRAPHFORM_MODULE_LIST: log };
  const result = await run(process.execPath, ['--import', listModules, BIN, 'validate'], { cwd, env }).catch(
    (error: { stdout: string; stderr: string }) => error,
  );
  const cached = (await readFile(log, 'utf8')).split('\n');
  return {
    yamlLoaded: cached.some((file) => file.includes(`${path.sep}node_modules${path.sep}yaml${path.sep}`)),
    stdout: result.stdout,
    stderr: result.stderr,
  };
}

describe('the yaml package', () => {
  beforeAll(assertFreshBuild);

  it('is not loaded by validate when the config and declarations are plain YAML, not even for positions', async () => {
    const plain = await validate({ 'graphform.config.yaml': config, 'content-sources/shop.yaml': shop });
    expect(plain.stdout).toContain('1 content source valid (shop)');
    expect(plain.yamlLoaded).toBe(false);
    // A YAML list of items named under data: is not a declaration, and is not parsed as one.
    const withData = await validate({
      'graphform.config.yaml': config,
      'content-sources/shop.yaml': `${shop}data:\n  - data/items.yaml\n`,
      'content-sources/data/items.yaml': '- Id: i1\n  PublishedAt: 2024-03-04T08:30:00Z\n',
    });
    expect(withData.stdout).toContain('1 content source valid (shop)');
    expect(withData.yamlLoaded).toBe(false);
    // The quick reader finds positions for diagnostics too.
    const invalid = await validate({ 'graphform.config.yaml': config, 'content-sources/shop.yaml': shop.replace('type: String', 'type: Strnig') });
    expect(invalid.stdout).toContain('content-sources/shop.yaml:8:21 error GF_UNKNOWN_PROPERTY_TYPE');
    expect(invalid.yamlLoaded).toBe(false);
  });

  it('is loaded for a file that needs it, and the answer is the same', async () => {
    // An anchor is beyond the quick reader: yaml reads the file.
    const anchored = await validate({ 'graphform.config.yaml': config, 'content-sources/shop.yaml': shop.replace('contentTypes:', 'contentTypes: &types') });
    expect(anchored.stdout).toContain('1 content source valid (shop)');
    expect(anchored.yamlLoaded).toBe(true);
    const invalid = await validate({
      'graphform.config.yaml': config,
      'content-sources/shop.yaml': shop.replace('contentTypes:', 'contentTypes: &types').replace('type: String', 'type: Strnig'),
    });
    expect(invalid.stdout).toContain('content-sources/shop.yaml:8:21 error GF_UNKNOWN_PROPERTY_TYPE');
  });
});
