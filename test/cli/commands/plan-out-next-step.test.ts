import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { makeProjectDir } from '../../helpers/temp-dir.js';

const source = (properties: string): string =>
  `id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n${properties}`;

/** The command `plan --out` prints as the next step, taken from its stderr. */
function nextStep(stderr: string): string[] {
  const command = /`(graphform apply [^`]+)`/.exec(stderr)?.[1];
  if (command === undefined) throw new Error(`plan --out printed no next step:\n${stderr}`);
  return command.split(' ').slice(1);
}

describe('the next step plan --out prints', () => {
  it('is a command that works: with --allow-data-loss for a plan that loses items, without it otherwise', { timeout: 60_000 }, async () => {
    const cwd = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'content-sources/shop.yaml': source('      Name: { type: String }\n      Color: { type: String }\n'),
    });
    const safe = await runCli(['plan', '--out', 'create.json'], { cwd });
    expect(safe.code).toBe(0);
    expect(nextStep(safe.stderr)).toEqual(['apply', 'create.json']);
    expect((await runCli(nextStep(safe.stderr), { cwd })).code).toBe(0);

    // A restricted item pushed from elsewhere: GraphQL does not serve its _rbac back, the single key does not see it and there is no keep.defaults to keep it hidden with: the full update below loses it.
    await writeFile(
      path.join(cwd, 'feed.ndjson'),
      '{"index":{"_id":"p1","language_routing":"en"}}\n{"ContentType":["Product"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Editors:Read","Name":"Pen"}\n',
    );
    expect((await runCli(['data', 'push', 'shop', 'feed.ndjson'], { cwd })).code).toBe(0);
    await writeFile(path.join(cwd, 'content-sources/shop.yaml'), source('      Name: { type: String }\n'));
    const losing = await runCli(['plan', '--out', 'wipe.json'], { cwd });
    expect(losing.code).toBe(0);
    // Before, it printed `graphform apply wipe.json`, which exits 3 for this plan.
    expect(losing.stderr).toContain('It loses items');
    expect(nextStep(losing.stderr)).toEqual(['apply', 'wipe.json', '--allow-data-loss']);
    const applied = await runCli(nextStep(losing.stderr), { cwd });
    expect(applied.code, applied.stderr).toBe(0);
  });
});
