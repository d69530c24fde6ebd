import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator, isWrite } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/**
 * graphform reads the whole account while planning: the sources API, the CMS's own content
 * types and the types of sources it does not manage, so a name collision with any of them
 * stops the plan before anything is sent.
 */
const gadgets = {
  label: 'Gadgets',
  languages: ['en'],
  contentTypes: { Gadget: { contentType: [], properties: { Name: { type: 'String' } } } },
};

async function withUnmanagedSource(emulator: RunningEmulator): Promise<void> {
  await graphClientFor(emulator).putTypes('zz', gadgets);
}

const writes = (emulator: RunningEmulator): string[] =>
  emulator.inspect
    .requests()
    .filter(isWrite)
    .map((r) => `${r.method} ${r.path}`);

describe('plan reads the account', () => {
  it('refuses a content type named like a CMS type before anything is sent, naming the CMS', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': shopYaml({ contentTypes: '  ArticlePage:\n    contentType: []\n    properties:\n      Title: { type: String }' }),
    });
    for (const argv of [['plan'], ['apply', '--yes']]) {
      const run = await project.cli(...argv);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('GF_TYPE_NAME_COLLISION');
      expect(run.stderr).toContain("content type `ArticlePage` is a CMS type (the CMS's own source defines it)");
      expect(run.stderr).toMatch(/content-sources\/shop\.yaml:\d+:\d+/);
    }
    expect(writes(emulator)).toEqual([]);
  });

  it('refuses a content type that a source outside graphform already defines, naming that source', async () => {
    const emulator = await startTestEmulator();
    await withUnmanagedSource(emulator);
    emulator.inspect.clearRequests();
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': shopYaml({ contentTypes: '  Gadget:\n    contentType: []\n    properties:\n      Title: { type: String }' }),
    });
    const run = await project.cli('apply', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('content type `Gadget` is already defined by source `zz`, which graphform does not manage');
    expect(run.stderr).toContain('graphform import zz');
    expect(writes(emulator)).toEqual([]);
  });

  it('with --no-refresh the account is not read, and reservedTypeNames still catches CMS names', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(
      emulator,
      { 'content-sources/shop.yaml': shopYaml({ contentTypes: '  ArticlePage:\n    contentType: []\n    properties:\n      Title: { type: String }' }) },
      'reservedTypeNames: [ArticlePage]',
    );
    emulator.inspect.clearRequests();
    const run = await project.cli('plan', '--no-refresh');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_RESERVED_TYPE_NAME');
    expect(run.stderr).toContain('reservedTypeNames in the config');
    expect(emulator.inspect.requests()).toEqual([]);
  });

  it('lists unmanaged sources in text, markdown and JSON, with the import hint', async () => {
    const emulator = await startTestEmulator();
    await withUnmanagedSource(emulator);
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const text = await project.cli('plan');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Unmanaged sources in the account');
    expect(text.stdout).toContain('zz "Gadgets" (en): not managed by graphform; run `graphform import zz` to adopt it');
    expect(text.stdout).not.toMatch(/default "/);
    const markdown = await project.cli('plan', '--format', 'markdown');
    expect(markdown.stdout).toContain('Unmanaged sources in the account: 1');
    const json = JSON.parse((await project.cli('plan', '--format', 'json')).stdout) as { formatVersion: number; unmanaged: unknown };
    expect(json.formatVersion).toBe(2);
    expect(json.unmanaged).toEqual([{ id: 'zz', label: 'Gadgets', languages: ['en'] }]);
  });

  it('import --all adopts every unmanaged source into state and sends nothing', async () => {
    const emulator = await startTestEmulator();
    await withUnmanagedSource(emulator);
    await graphClientFor(emulator).putTypes('yy', { ...gadgets, label: 'More', contentTypes: { Widget: { contentType: [], properties: {} } } });
    await graphClientFor(emulator).updateSource('yy', { label: 'More', description: 'from another team' });
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    emulator.inspect.clearRequests();
    const imported = await project.cli('import', '--all');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Imported source yy');
    expect(imported.stdout).toContain('Imported source zz');
    expect(writes(emulator)).toEqual([]);
    const state = await project.state();
    expect(Object.keys(state.sources)).toEqual(['shop', 'yy', 'zz']);
    expect(state.sources.yy?.definition.description).toBe('from another team');
    const plan = JSON.parse((await project.cli('plan', '--format', 'json')).stdout) as { unmanaged: unknown[]; sources: { id: string; action: string }[] };
    expect(plan.unmanaged).toEqual([]);
    // Each came with its declaration (content-sources/<id>.yaml), so none is orphaned.
    expect(plan.sources.map((s) => `${s.id} ${s.action}`)).toEqual(['shop none', 'yy none', 'zz none']);
    const again = await project.cli('import', '--all');
    expect(again.stdout).toContain('no sources outside graphform to import');
  });

  it('import refuses the CMS source (not a valid id), and an id together with --all', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('import', 'default')).stderr).toContain('"default" is not a content source id');
    expect((await project.cli('import', 'zz', '--all')).stderr).toContain('GF_IMPORT_USAGE');
    expect((await project.cli('import')).stderr).toContain('GF_IMPORT_USAGE');
  });

  it('an older service without the sources API: one warning, and the plan goes on from state and GET types', async () => {
    const emulator = await startTestEmulator();
    emulator.faults.add({ method: 'GET', pathPrefix: '/api/content/v3/sources', status: 404, body: 'Not Found', count: 100 });
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const run = await project.cli('plan', '--detailed-exitcode');
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.match(/no sources API/g)).toHaveLength(1);
    expect(run.stdout).toContain('+ shop will be created');
  });
});

describe("a published client's source commands, replayed with graphform's own client and signing", () => {
  it('list, clear (read languages, then purge them all) and delete (clear, then DELETE sources) succeed', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition());
    await client.pushData(
      'shop',
      indexLines([
        { id: '1', language: 'en' },
        { id: '2', language: 'sv' },
      ]),
    );
    await client.putTypes('faq', { label: 'FAQ', languages: ['en'], contentTypes: { Question: { contentType: [], properties: {} } } });

    const listed = await client.listSources();
    expect(listed.map((s) => s.id)).toEqual(['default', 'faq', 'shop']);

    // clear: the languages from the sources API, then one purge with all of them.
    const shop = await client.getSource('shop');
    expect(shop?.languages).toEqual(['en', 'sv']);
    await client.purgeData('shop', shop?.languages ?? []);
    expect(emulator.inspect.counts('shop')?.total).toBe(0);
    expect(emulator.inspect.definition('shop')).toBeDefined();

    // delete: clear, then delete the source itself.
    const faq = await client.getSource('faq');
    await client.purgeData('faq', faq?.languages ?? []);
    await client.deleteSource('faq');
    expect((await client.listSources()).map((s) => s.id)).toEqual(['default', 'shop']);
    expect(await client.getSource('faq')).toBeUndefined();
    expect(emulator.inspect.requests().every((r) => r.status < 300 || r.method === 'GET')).toBe(true);
  });
});
