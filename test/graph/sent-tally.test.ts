import { describe, expect, it } from 'vitest';
import { SentTally } from '../../src/graph/served.js';

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
});
