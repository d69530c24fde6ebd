import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repushDeclaredData } from '../../../src/data/repush.js';
import { graphClientFor, startTestEmulator } from '../../helpers/emulator.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { DATA_CONFIG, product, shopDeclaration, wireLines } from '../fixtures.js';

describe('repushDeclaredData', () => {
  it("pushes the declaration's data: files again after a full update wiped the source", async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    const cwd = await makeTempDir('graphform-repush-');
    await mkdir(path.join(cwd, 'cs', 'data', 'shop'), { recursive: true });
    await writeFile(path.join(cwd, 'cs', 'data', 'shop', 'a.ndjson'), wireLines([product('1'), product('2', 'sv')]));
    await writeFile(path.join(cwd, 'cs', 'data', 'shop', 'b.ndjson'), wireLines([product('3')]));
    const declaration = shopDeclaration({ file: 'cs/shop.yaml', data: ['data/shop/*.ndjson', 'data/missing/*.json'] });

    await client.putTypes('shop', declaration.definition);
    const first = await repushDeclaredData({ client, declaration, config: DATA_CONFIG, cwd, root: cwd });
    expect(first).toMatchObject({ status: 'sent', itemsSent: 3 });
    await client.putTypes('shop', declaration.definition);
    expect(emulator.inspect.counts('shop')?.total).toBe(0);

    const again = await repushDeclaredData({ client, declaration, config: DATA_CONFIG, cwd, root: cwd });
    expect(again).toMatchObject({ status: 'sent', itemsSent: 3 });
    expect(again?.validation.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['cs/shop.yaml GF_DATA_NO_FILES_MATCHED']);
    expect(emulator.inspect.counts('shop')?.byLanguage).toEqual({ en: 2, sv: 1 });
  });

  it('does nothing for a source without data: files', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    emulator.inspect.clearRequests();
    expect(await repushDeclaredData({ client, declaration: shopDeclaration(), config: DATA_CONFIG, cwd: '.', root: '.' })).toBeUndefined();
    expect(emulator.inspect.requests()).toEqual([]);
  });
});
