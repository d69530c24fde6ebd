import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeProjectDir, writeFiles } from '../helpers/temp-dir.js';

/**
 * A `convert:` key that is not `Type.Property` once made the whole declaration vanish:
 * validate said "0 content sources valid" and, with the environment's `prune: true` (the CI
 * template's production), the plan deleted the source. A file with a problem is an error at
 * its line, and nothing of its source is deleted.
 */
const CONFIG =
  'sources: content-sources\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n    prune: true\n';
const SHOP =
  'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Title: { type: String }\n      Count: { type: Int }\n';

async function stateIds(dir: string): Promise<string[]> {
  const state = JSON.parse(await readFile(path.join(dir, '.graphform/state/local.json'), 'utf8')) as { sources: Record<string, unknown> };
  return Object.keys(state.sources);
}

describe('the built binary, with a convert key that is not Type.Property', () => {
  beforeAll(assertFreshBuild);

  it('validate exits 1 at the key, and plan and apply under prune: true never delete the source', async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': SHOP });
    const created = await runBuilt(dir, ['apply', '--yes']);
    expect(created.code, created.stdout + created.stderr).toBe(0);
    await writeFiles(dir, { 'content-sources/shop.yaml': `${SHOP}convert:\n  Count: { onError: fail }\n` });

    const validated = await runBuilt(dir, ['validate']);
    expect(validated.code, `validate should refuse the file:\n${validated.stdout}${validated.stderr}`).toBe(1);
    expect(validated.stdout + validated.stderr).toMatch(/content-sources\/shop\.yaml:11:3 error GF_CONVERT_UNKNOWN_PROPERTY/);
    expect(validated.stdout + validated.stderr).toContain('did you mean `Product.Count`?');
    expect(validated.stdout + validated.stderr).not.toContain('0 content sources valid');

    const planned = await runBuilt(dir, ['plan', '--detailed-exitcode']);
    expect(planned.code, `plan should refuse, not delete:\n${planned.stdout}${planned.stderr}`).toBe(1);
    expect(planned.stdout + planned.stderr).toContain('shop.yaml:11:3');
    expect(planned.stdout).not.toMatch(/will be deleted/);

    const applied = await runBuilt(dir, ['apply', '--yes', '--allow-data-loss']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(1);
    expect(await stateIds(dir), 'apply deleted the source of a file with a problem').toEqual(['shop']);
  });
});
