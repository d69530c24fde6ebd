import { describe, expect, it } from 'vitest';
import { graphClientFor, sampleDefinition, startTestEmulator } from '../../helpers/emulator.js';
import { graphProject, shopYaml } from '../../helpers/graph-project.js';

describe('graphform import', () => {
  it('adopts a source that exists only in the service, so the plan is partial instead of a data-losing PUT', async () => {
    const emulator = await startTestEmulator();
    await graphClientFor(emulator).putTypes('shop', {
      label: 'Shop',
      languages: ['en', 'sv'],
      contentTypes: {
        Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true } } },
        Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int' } } },
      },
    });
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });

    const before = await project.cli('plan', '--format', 'json');
    expect(JSON.parse(before.stdout).sources[0]).toMatchObject({ action: 'full', dataLoss: true });

    emulator.inspect.clearRequests();
    const imported = await project.cli('import', 'shop');
    expect(imported.code, imported.stderr).toBe(0);
    // It reads the types back and the description from the sources API, and sends nothing.
    expect(emulator.inspect.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/content/v3/types?id=shop', 'GET /api/content/v3/sources?id=shop']);

    const after = await project.cli('plan', '--format', 'json', '--detailed-exitcode');
    expect(after.code).toBe(2);
    expect(JSON.parse(after.stdout).sources[0]).toMatchObject({ action: 'partial', dataLoss: false });
  });

  it('refuses a source the service does not have, one already in state, and a bad id', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const missing = await project.cli('import', 'shop');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('GF_IMPORT_NOT_FOUND');

    await graphClientFor(emulator).putTypes('abc', sampleDefinition());
    expect((await project.cli('import', 'abc')).code).toBe(0);
    const twice = await project.cli('import', 'abc');
    expect(twice.stderr).toContain('GF_IMPORT_ALREADY_MANAGED');

    const bad = await project.cli('import', 'Shop!');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('GF_INVALID_SOURCE_ID');
  });
});
