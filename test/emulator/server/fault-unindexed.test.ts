import { describe, expect, it } from 'vitest';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../../helpers/emulator.js';
import { rawRequest } from '../../helpers/raw-graph.js';

describe('the unindexed fault', () => {
  it('answers the data request as usual but leaves the named items as GraphQL served them before', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
    await client.pushData('shop', indexLines([{ id: 'lamp', language: 'en', fields: { Name: 'Lamp' } }], ['Name']));
    emulator.faults.add({ pathPrefix: '/api/content/v2/data', unindexed: ['lamp', 'desk'] });
    const pushed = await client.pushData(
      'shop',
      indexLines(
        [
          { id: 'lamp', language: 'en', fields: { Name: 'Lamp 2' } },
          { id: 'desk', language: 'en' },
          { id: 'chair', language: 'en' },
        ],
        ['Name'],
      ),
    );
    expect(pushed.journalId, 'the service accepts the request whole').toBeDefined();
    const answer = await rawRequest(emulator, {
      method: 'POST',
      target: '/content/v2',
      body: JSON.stringify({ query: '{ Product(limit: 10) { items { _id Name } } }' }),
      contentType: 'application/json',
      auth: 'hmac',
    });
    const items = (JSON.parse(answer.text) as { data: { Product: { items: Array<{ _id: string; Name: string }> } } }).data.Product.items;
    expect(items.sort((a, b) => a._id.localeCompare(b._id))).toEqual([
      { _id: 'chair', Name: 'Item chair' },
      { _id: 'lamp', Name: 'Lamp' },
    ]);
    expect(emulator.inspect.requests().find((r) => r.path.startsWith('/api/content/v2/data') && r.note.includes('unindexed'))?.note).toContain(
      'fault: left 2 unindexed',
    );
  });

  it('refuses an unindexed list that is not of strings', () => {
    return startTestEmulator().then((emulator) =>
      expect(() => emulator.faults.add({ unindexed: [1] as unknown as string[] })).toThrow('unindexed must be a list of item _ids'),
    );
  });
});
