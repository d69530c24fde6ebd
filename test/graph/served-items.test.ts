import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { ContentEndpoint } from '../../src/graph/content-counts.js';
import { SentTally, tallyingClient, waitForServed } from '../../src/graph/served.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator, type SampleItem } from '../helpers/emulator.js';

const admin = (emulator: RunningEmulator): ContentEndpoint => ({ baseUrl: emulator.url, credentials: { scheme: 'hmac', ...emulator.credentials } });

/** Pushes `items` through a tallying client and waits, at most `withinMs`, until each is confirmed. */
async function pushAndWait(emulator: RunningEmulator, definition: SourceDefinition, ndjson: string, withinMs = 1000) {
  const tally = new SentTally(definition);
  await tallyingClient(graphClientFor(emulator), tally).pushData('shop', ndjson);
  return waitForServed(admin(emulator), tally, { withinMs });
}

const product = (id: string, language: string, fields: Record<string, unknown> = {}): SampleItem => ({ id, language, fields });

describe('waitForServed confirms each item by _id, language and content', () => {
  it('confirms items sent under their wire names (searchable, typed, nested, dates) as GraphQL serves them back', async () => {
    const emulator = await startTestEmulator();
    const definition = sampleDefinition({
      useTypedFieldNames: true,
      contentTypes: {
        ...sampleDefinition().contentTypes,
        Product: {
          contentType: ['Item'],
          properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Tags: { type: '[String]' }, Launched: { type: 'DateTime' } },
        },
      },
    });
    await graphClientFor(emulator).putTypes('shop', definition);
    const lines = [
      '{"index":{"_id":"lamp","language_routing":"en"}}',
      '{"ContentType":["Item","Product"],"Name$$String___searchable":"Lamp","Quantity$$Int":3,"Size":{"Width$$Float":1.5,"Height$$Float":2},"Tags$$String":["a","b"],"Launched$$DateTime":"2024-05-01T10:00:00.000Z","Status":"Published"}',
      '{"index":{"_id":7,"language_routing":"sv"}}',
      '{"ContentType":["Item","Product"],"Name$$String___searchable":"Lampa","Quantity$$Int":null}',
      '',
    ].join('\n');
    const report = await pushAndWait(emulator, definition, lines);
    expect(report).toMatchObject({
      outcome: 'done',
      sent: 2,
      served: 2,
      pairs: [
        { type: 'Product', language: 'en', sent: 1, served: 1 },
        { type: 'Product', language: 'sv', sent: 1, served: 1 },
      ],
    });
    expect(report.notServed).toBeUndefined();
  });

  it('does not take an update the indexer dropped as served, though the totals match, and names it', async () => {
    const emulator = await startTestEmulator();
    const definition = sampleDefinition();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', definition);
    await client.pushData('shop', indexLines([product('lamp', 'en', { Name: 'Lamp' }), product('desk', 'en', { Name: 'Desk' })], ['Name']));
    emulator.faults.add({ pathPrefix: '/api/content/v2/data', unindexed: ['lamp'] });
    const report = await pushAndWait(
      emulator,
      definition,
      indexLines([product('lamp', 'en', { Name: 'Lamp, brass' }), product('desk', 'en', { Name: 'Desk, oak' })], ['Name']),
      500,
    );
    expect(report.outcome, 'GraphQL still serves the lamp as it was before the push').toBe('timeout');
    expect(report).toMatchObject({ sent: 2, served: 1, pairs: [{ type: 'Product', language: 'en', sent: 2, served: 1 }] });
    expect(report.notServed).toEqual({ missing: 0, stale: 1, first: ['lamp in en (served with other content)'] });
  });

  it('names a new item the indexer dropped as not served', async () => {
    const emulator = await startTestEmulator();
    const definition = sampleDefinition();
    await graphClientFor(emulator).putTypes('shop', definition);
    emulator.faults.add({ pathPrefix: '/api/content/v2/data', unindexed: ['chair'] });
    const report = await pushAndWait(emulator, definition, indexLines([product('chair', 'sv'), product('stool', 'sv')], ['Name']), 300);
    expect(report).toMatchObject({ outcome: 'timeout', sent: 2, served: 1, notServed: { missing: 1, stale: 0, first: ['chair in sv (not served)'] } });
  });

  it('asks for thousands of items with long ids in several queries, each within the service limits, and confirms them all', async () => {
    const emulator = await startTestEmulator();
    const definition = sampleDefinition();
    await graphClientFor(emulator).putTypes('shop', definition);
    const items = Array.from({ length: 2500 }, (_, i) =>
      product(`catalogue-item-with-a-rather-long-identifier-${String(i).padStart(6, '0')}`, i % 2 === 0 ? 'en' : 'sv', { Quantity: i }),
    );
    emulator.inspect.clearRequests();
    const report = await pushAndWait(emulator, definition, indexLines(items, ['Name']));
    expect(report, 'the emulator refuses a query over 10,000 characters, as the service does').toMatchObject({ outcome: 'done', sent: 2500, served: 2500 });
    const queries = emulator.inspect.requests().filter((r) => r.path.startsWith('/content/v2'));
    // 2,500 ids of 52 characters are over 130,000 characters of ids alone.
    expect(queries.length).toBeGreaterThan(13);
    expect(queries.every((r) => r.status === 200)).toBe(true);
  });

  it('keeps four queries in flight at once, as the export does, and confirms every item once they are answered', async () => {
    const emulator = await startTestEmulator();
    const definition = sampleDefinition();
    await graphClientFor(emulator).putTypes('shop', definition);
    const items = Array.from({ length: 3000 }, (_, i) => product(`item-${i}`, i % 2 === 0 ? 'en' : 'sv', { Quantity: i }));
    const tally = new SentTally(definition);
    await tallyingClient(graphClientFor(emulator), tally).pushData('shop', indexLines(items, ['Name']));
    const hold = emulator.faults.add({ pathPrefix: '/content/v2', hold: true, count: 4 });
    const waited = waitForServed(admin(emulator), tally, { withinMs: 5000 });
    // Rejects (the rule released holding fewer) if the check waited for each answer before asking the next.
    const heldFour = emulator.faults.held(hold.id, 4);
    await Promise.race([heldFour, waited.then(() => Promise.reject(new Error('the check ended before four queries were in flight at once')))]);
    emulator.faults.release(hold.id);
    expect(await waited).toMatchObject({ outcome: 'done', sent: 3000, served: 3000 });
  });
});
