import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, spawnBuilt } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const SHOP = `id: shop
label: Shop
languages: [en]
contentTypes:
  Product:
    contentType: []
    properties:
      Name: { type: String }
data: [../items.ndjson]
`;

describe('Ctrl+C while apply waits for GraphQL (built binary)', () => {
  beforeAll(assertFreshBuild);

  it('stops the wait at once, pushes nothing, and leaves the re-push pending in state', async () => {
    // The schema never reaches GraphQL within the test: the apply can end only by the interrupt.
    const dir = await makeProjectDir({
      'graphform.config.yaml': 'sources: content-sources\nenvironments:\n  local:\n    emulator: { schemaDelay: 1h }\n',
      'content-sources/shop.yaml': SHOP,
      'items.ndjson': '{"Id": "lamp", "language_routing": "en", "ContentType": ["Product"], "Name": "Lamp"}\n',
    });
    const run = spawnBuilt(dir, ['apply', '--yes', '--verbose']);
    // The wait's first question to GraphQL (the request log under --verbose): the source is created, its items not yet pushed.
    await run.printed('/content/v2');
    run.child.kill('SIGINT');
    const ended = await run.ended;
    expect(ended.code, ended.stderr).toBe(130);
    expect(ended.stdout).not.toContain('pushed 1 items');
    expect(ended.stdout).toContain('Apply stopped.');
    expect(ended.stdout).toContain('Pending in state: the items of shop must be pushed again.');
    const state = JSON.parse(await readFile(path.join(dir, '.graphform/state/local.json'), 'utf8')) as {
      sources: Record<string, { pending?: { repush?: { reason: string } } }>;
    };
    expect(state.sources.shop?.pending?.repush?.reason).toContain('source shop was created without its items');
  });
});
