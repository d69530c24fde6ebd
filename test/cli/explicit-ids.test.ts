import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wireLines } from '../data/fixtures.js';
import { graphClientFor, startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/**
 * The service treats a missing `id` as the CMS's own source (types) or as every source of
 * the account (DELETE sources). Every command graphform has is run against the emulator,
 * and its request log must show an explicit, valid id on every request but the one that
 * lists the account's sources.
 */
const items = wireLines(
  ['1', '2'].map((id) => ({ Id: id, Name: `P${id}`, ContentType: ['Item', 'Product'], Language: { Name: 'en' }, _rbac: 'r:Everyone:Read' })),
);

describe('no request without an explicit id leaves graphform', () => {
  it('holds over every command', async () => {
    const emulator = await startTestEmulator();
    await graphClientFor(emulator).putTypes('zz', { label: 'Other', languages: ['en'], contentTypes: { Gadget: { contentType: [], properties: {} } } });
    await graphClientFor(emulator).putTypes('yy', { label: 'Third', languages: ['en'], contentTypes: { Widget: { contentType: [], properties: {} } } });
    emulator.inspect.clearRequests();
    const shop = `${shopYaml({ languages: 'en' })}data: [data/shop.ndjson]\n`;
    const blog = shopYaml({ id: 'blog', languages: 'en' })
      .replace(/Item/g, 'Post')
      .replace(/Product/g, 'Article');
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': shop,
      'content-sources/blog.yaml': blog,
      'content-sources/data/shop.ndjson': items,
    });

    const runs: [string[], number][] = [
      [['validate'], 0],
      [['plan'], 0],
      [['apply', '--yes'], 0],
      [['plan', '--detailed-exitcode'], 0],
      [['data', 'validate', 'shop'], 0],
      [['data', 'push', 'shop'], 0],
      [['data', 'purge', 'shop', '--all-languages', '--yes'], 0],
      [['data', 'purge', 'shop', '--language', 'en', '--yes'], 0],
      [['import', 'zz'], 0],
      [['import', '--all'], 0],
      [['state', 'list'], 0],
      [['state', 'show', 'zz'], 0],
      [['state', 'rm', 'zz'], 0],
    ];
    for (const [argv, code] of runs) {
      const run = await project.cli(...argv);
      expect(run.code, `${argv.join(' ')}: ${run.stdout}${run.stderr}`).toBe(code);
    }
    // The declarations `import` wrote go: yy stays in state, undeclared, for --prune to delete, and zz stays outside.
    await rm(path.join(project.dir, 'content-sources/yy.yaml'));
    await rm(path.join(project.dir, 'content-sources/zz.yaml'));
    await project.write({ 'content-sources/shop.yaml': shop.replace('label: Shop', 'label: Shop catalogue\ndescription: Everything') });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await rm(path.join(project.dir, 'content-sources/blog.yaml'));
    const pruned = await project.cli('apply', '--yes', '--prune', '--allow-data-loss');
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    // blog and yy (imported by --all, never declared) are orphans that --prune deletes; zz left state.
    expect(emulator.inspect.sources().map((s) => s.id)).toEqual(['shop', 'zz']);

    const requests = emulator.inspect.requests();
    const methods = new Set(requests.map((r) => `${r.method} ${r.path.split('?')[0] ?? ''}`));
    // The run reached every endpoint graphform uses.
    for (const endpoint of [
      'GET /api/content/v3/types',
      'PUT /api/content/v3/types',
      'GET /api/content/v3/sources',
      'POST /api/content/v3/sources',
      'DELETE /api/content/v3/sources',
      'POST /api/content/v2/data',
      'DELETE /api/content/v2/data',
    ]) {
      expect(methods, endpoint).toContain(endpoint);
    }
    for (const request of requests) {
      const url = new URL(request.path, 'http://emulator.invalid');
      const id = url.searchParams.get('id');
      const listing = request.method === 'GET' && url.pathname === '/api/content/v3/sources' && id === null;
      // Content GraphQL (wipe counts, apply's waits) names types in its query, not a source id.
      if (listing || url.pathname === '/content/v2') continue;
      expect(id, `${request.method} ${request.path}`).toMatch(/^([a-z0-9]{1,4}|default)$/);
      if (request.method !== 'GET') expect(id, `${request.method} ${request.path}`).not.toBe('default');
    }
  });
});
