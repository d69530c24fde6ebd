import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { keepMarker } from '../../src/apply/pending.js';
import { createLocalBackend } from '../../src/state/local-backend.js';
import { withPending } from '../../src/state/state.js';
import type { State } from '../../src/state/types.js';
import { runCli } from './run-cli.js';
import { makeProjectDir } from './temp-dir.js';

export const SOURCE =
  'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String, searchable: true }\n';
export const line = (id: string): string =>
  `{"index":{"_id":"${id}","language_routing":"en"}}\n{"ContentType":["Product"],"Language":{"Name":"en"},"Status":"Draft","_rbac":"r:Editors:Read","Name___searchable":"${id}"}\n`;

export const CONFIG = 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n';
export const NAME = '.graphform/snapshots/local/shop-20261127T120000000Z.ndjson';

/** An applied project whose state names NAME (holding `text`) as the pending snapshot of source shop, as a keeping apply stopped after its PUT leaves it. */
export async function pendingProject(text: string, files: Record<string, string> = {}): Promise<{ dir: string; statePath: string }> {
  const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': SOURCE, ...files });
  const applied = await runCli(['apply', '--yes'], { cwd: dir });
  expect(applied.code, applied.stderr).toBe(0);
  await mkdir(path.join(dir, path.dirname(NAME)), { recursive: true });
  await writeFile(path.join(dir, NAME), text, { mode: 0o600 });
  const hash = `sha256:${createHash('sha256').update(text).digest('hex')}`;
  const statePath = path.join(dir, '.graphform/state/local.json');
  const backend = createLocalBackend({ path: statePath, lockTimeoutMs: 0, now: () => new Date(), who: 'test', pid: process.pid, host: 'test' });
  const state = (await backend.read()) as State;
  await backend.write(
    withPending(state, 'shop', keepMarker({ id: 'shop' }, new Date('2026-11-27T12:00:00Z'), { snapshot: NAME, hash, items: text.split('\n').length >> 1 })),
  );
  return { dir, statePath };
}

export async function pendingOf(statePath: string): Promise<State['sources'][string]['pending']> {
  return (JSON.parse(await readFile(statePath, 'utf8')) as State).sources.shop?.pending;
}
