import { describe, expect, it } from 'vitest';
import { itemFingerprint } from '../../src/graph/item-fingerprint.js';
import { SentTally } from '../../src/graph/served.js';
import type { SourceDefinition } from '../../src/model/types.js';

const line = (value: unknown): string => JSON.stringify(value);

describe('SentTally', () => {
  it('counts the index records of each batch per most-derived content type and language, and keeps the journalIds', () => {
    const tally = new SentTally();
    const body = [
      line({ index: { _id: '1', language_routing: 'en' } }),
      line({ ContentType: ['Item', 'Product'], Name: 'a' }),
      line({ delete: { _id: '9', language_routing: 'en' } }),
      line({ index: { _id: '2', language_routing: 'sv' } }),
      line({ ContentType: ['Item', 'Service'] }),
      '',
    ].join('\n');
    tally.add(Buffer.from(body), { journalId: 'j1' });
    tally.add(`${line({ index: { _id: '3', language_routing: 'en' } })}\n${line({ ContentType: ['Item', 'Product'] })}\n`, {});
    expect(tally.pairs()).toEqual([
      { type: 'Product', language: 'en', sent: 2, served: undefined },
      { type: 'Service', language: 'sv', sent: 1, served: undefined },
    ]);
    expect(tally.sent).toBe(3);
    expect(tally.journalIds).toEqual(['j1']);
  });

  it('leaves out items GraphQL serves to no one: deleted and expired ones', () => {
    const tally = new SentTally();
    const records = [
      { ContentType: ['Product'], _deleted: true },
      { ContentType: ['Product'], StopPublish: '2001-01-01T00:00:00Z' },
      { ContentType: ['Product'], StopPublish: '2999-01-01T00:00:00Z' },
    ];
    tally.add(records.map((data, i) => `${line({ index: { _id: String(i), language_routing: 'en' } })}\n${line(data)}`).join('\n'), {});
    expect(tally.pairs()).toEqual([{ type: 'Product', language: 'en', sent: 1, served: undefined }]);
  });

  it('keeps one entry per _id and language, as last sent, with a fingerprint of its declared properties, and forgets an item deleted later', () => {
    const definition: SourceDefinition = {
      label: 's',
      languages: ['en'],
      contentTypes: { Product: { contentType: [], properties: { Name: { type: 'String', searchable: true } } } },
    };
    const tally = new SentTally(definition);
    const record = (id: string, data: unknown): string => `${line({ index: { _id: id, language_routing: 'en' } })}\n${line(data)}`;
    tally.add([record('a', { ContentType: ['Product'], Name___searchable: 'A' }), record('b', { ContentType: ['Product'], Name: 'B' })].join('\n'), {});
    tally.add(
      [record('a', { ContentType: ['Product'], Name___searchable: 'A2', Status: 'Draft' }), line({ delete: { _id: 'b', language_routing: 'en' } })].join('\n'),
      {},
    );
    expect(tally.sent).toBe(1);
    expect([...tally.items.keys()]).toEqual(['en\na']);
    // The data line's wire name and GraphQL's plain one give the same fingerprint; a field that is no property is left out.
    expect(tally.items.get('en\na')?.print).toBe(itemFingerprint(definition, 'Product', { _id: 'a', ContentType: ['Product'], Name: 'A2' }));
  });
});
