import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { apply, plan } from '../../src/workflows/index.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * A partial update that makes a property searchable renames its field in data lines
 * (`Title` → `Title___searchable`): the items it keeps hold the old name, which full-text
 * search does not find. apply pushes the source's declared data files again after it, under
 * the new names, as it does after a create or a full update.
 */
const declaration = (searchable: boolean): string =>
  [
    'id: blog',
    'label: Blog',
    'languages: [en]',
    'contentTypes:',
    '  Post:',
    '    contentType: []',
    '    properties:',
    `      Title: { type: String${searchable ? ', searchable: true' : ''} }`,
    'data:',
    '  - ../data/posts.ndjson',
    '',
  ].join('\n');

const posts = ['p1', 'p2', 'p3']
  .map(
    (id) => `{"index":{"_id":"${id}","language_routing":"en"}}\n{"ContentType":["Post"],"Status":"Published","_rbac":"r:Everyone:Read","Title":"post ${id}"}\n`,
  )
  .join('');

describe('apply after a partial update that renames fields in data lines', () => {
  it('pushes the declared data files again under the new names, and says so in the plan', { timeout: 60_000 }, async () => {
    const cwd = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'content-sources/blog.yaml': declaration(false),
      'data/posts.ndjson': posts,
    });
    const env = testHost(cwd);
    expect((await apply({}, env)).ok).toBe(true);

    await writeFile(path.join(cwd, 'content-sources/blog.yaml'), declaration(true));
    const planned = (await plan({}, env)).plan;
    const blog = planned.sources.find((s) => s.id === 'blog');
    expect(blog?.action).toBe('partial');
    expect(blog?.dataLoss).toBe(false);
    // The plan checks the files apply will push, and says why it pushes them.
    expect(blog?.data).toMatchObject({ push: 'rename', items: 3, errors: 0 });
    expect(blog?.reasons.join('\n')).toContain(
      'apply reads every item before the update and pushes each one that holds such a value again after it, under the new name, with ../data/posts.ndjson',
    );

    const events: string[] = [];
    const applied = await apply({ onEvent: (event) => events.push(event.type) }, env);
    expect(applied.ok).toBe(true);
    expect(applied.outcomes).toEqual([
      expect.objectContaining({ id: 'blog', action: 'partial', status: 'applied', repush: expect.objectContaining({ status: 'sent', itemsSent: 3 }) }),
    ]);
    expect(events).toContain('repush');
    // Nothing is left pending, and a new plan has nothing to do.
    const state = JSON.parse(await readFile(path.join(cwd, '.graphform/state/local.json'), 'utf8')) as { sources: Record<string, { pending?: unknown }> };
    expect(state.sources.blog?.pending, 'the re-push marker must be cleared once the items are pushed').toBeUndefined();
    expect((await plan({}, env)).plan.sources.filter((s) => s.action !== 'none' || s.data !== undefined)).toEqual([]);

    const emulator = await startEmulator({ port: 0, dataDir: path.join(cwd, '.graphform/emulator') });
    try {
      const stored = emulator.inspect.items('blog', { limit: 10 })?.items ?? [];
      expect(stored.map((item) => Object.keys(item.data as Record<string, unknown>).filter((key) => key.startsWith('Title')))).toEqual([
        ['Title___searchable'],
        ['Title___searchable'],
        ['Title___searchable'],
      ]);
      expect(emulator.inspect.unsearchable('blog')).toEqual([]);
    } finally {
      await emulator.close();
    }
  });
});
