import { describe, expect, it } from 'vitest';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';

describe.each(['hmac', 'basic'] as const)('the sources API against the emulator over %s', (scheme) => {
  it('lists, reads, describes, clears and deletes a source, and reads the CMS types', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator, { scheme });

    const before = await client.listSources();
    expect(before.map((s) => s.id)).toEqual(['default']);
    await client.putTypes('shop', sampleDefinition());
    await client.pushData(
      'shop',
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'sv' },
      ]),
    );
    expect((await client.listSources()).map((s) => s.id)).toEqual(['default', 'shop']);
    expect(await client.getSource('shop')).toMatchObject({ id: 'shop', label: 'Shop catalogue', languages: ['en', 'sv'] });
    expect(await client.getSource('zzz')).toBeUndefined();

    await client.updateSource('shop', { label: 'Shop', description: 'Everything we sell' });
    expect(await client.getSource('shop')).toEqual({ id: 'shop', label: 'Shop', description: 'Everything we sell', languages: ['en', 'sv'] });
    expect(emulator.inspect.counts('shop')?.total).toBe(2);

    await client.deleteSource('shop', 'data');
    expect(emulator.inspect.counts('shop')?.total ?? 0).toBe(0);
    expect(await client.getSource('shop')).toBeDefined();
    await client.deleteSource('shop');
    expect(await client.getSource('shop')).toBeUndefined();
    await expect(client.deleteSource('shop')).rejects.toMatchObject({ code: 'GF_GRAPH_HTTP_404' });

    const cms = await client.getCmsTypes();
    expect(cms.status).toBe('found');
    expect(cms.status === 'found' ? Object.keys(cms.definition.contentTypes) : []).toContain('StartPage');
    expect(await client.getSource('default')).toMatchObject({ id: 'default' });

    // Every write named its source: nothing reached the service without an explicit id.
    const writes = emulator.inspect.requests().filter((r) => r.method !== 'GET');
    expect(
      writes.every((r) => /[?&]id=[a-z0-9]{1,4}(&|$)/.test(r.path)),
      JSON.stringify(writes),
    ).toBe(true);
  });
});
