import { describe, expect, it } from 'vitest';
import { GraphformError } from '../../src/diagnostics/errors.js';
import { exportSourceItems, type ExportedItem } from '../../src/graph/export-items.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { doubleItems, startExportDouble } from '../helpers/export-double.js';

const NOTES: SourceDefinition = { languages: ['en'], contentTypes: { Note: { contentType: [], properties: { Title: { type: 'String' } } } } };
const TWO_TYPES: SourceDefinition = {
  languages: ['en'],
  contentTypes: { Memo: { contentType: [], properties: { Title: { type: 'String' } } }, Note: { contentType: [], properties: { Title: { type: 'String' } } } },
};

/** The export run to its end: the items, or the GraphformError it ended with. */
async function exported(run: AsyncIterable<ExportedItem>): Promise<ExportedItem[] | GraphformError> {
  const items: ExportedItem[] = [];
  try {
    for await (const item of run) items.push(item);
  } catch (error) {
    if (error instanceof GraphformError) return error;
    throw error;
  }
  return items;
}

async function refusal(run: AsyncIterable<ExportedItem>): Promise<GraphformError> {
  const result = await exported(run);
  if (!(result instanceof GraphformError)) throw new Error(`the export was accepted with ${result.length} items; it should have been refused`);
  return result;
}

describe('the export checks the identity of what it reads', () => {
  it('refuses a page that answers items read already, though the count adds up to the total (50 items never read)', async () => {
    // 150 items: the second page repeats half of the first, so 150 are "read" and n100…n149 never are.
    const double = await startExportDouble(({ nth }) =>
      nth === 0 ? { total: 150, cursor: 'c1', items: doubleItems('n', 0, 100, 'Note') } : { total: 150, cursor: 'c2', items: doubleItems('n', 0, 50, 'Note') },
    );
    const error = await refusal(exportSourceItems(double.endpoint, NOTES, { source: 'news' }));
    expect(error.code).toBe('GF_KEEP_EXPORT_DUPLICATE');
    expect(error.message).toContain('the item _id "n0" in en of source news more than once (again as item 101 of Note)');
    expect(error.message).toContain('nothing was sent');
    expect(error.details).toMatchObject({ source: 'news', type: 'Note', language: 'en', id: 'n0', position: 101 });
  });

  it('refuses the same _id and language answered by two content types', async () => {
    const double = await startExportDouble(({ type }) => ({
      total: 2,
      cursor: 'x',
      items: [...doubleItems(type === 'Memo' ? 'm' : 'n', 0, 1, type), ...doubleItems('shared', 0, 1, type)],
    }));
    const error = await refusal(exportSourceItems(double.endpoint, TWO_TYPES, { source: 'news' }));
    expect(error.code).toBe('GF_KEEP_EXPORT_DUPLICATE');
    expect(error.details).toMatchObject({ id: 'shared0', language: 'en' });
  });

  it.each([
    ['a number, which the push would turn into the string "7"', 7, 'the _id 7'],
    ['missing', undefined, 'no _id'],
    ['empty', '', 'the _id ""'],
    ['null', null, 'the _id null'],
  ])('refuses an item whose _id is %s', async (_what, id, shown) => {
    const items = [...doubleItems('n', 0, 2, 'Note'), { _id: id, ContentType: ['Note'], Title: 'odd' }];
    const double = await startExportDouble(() => ({ total: 3, cursor: 'x', items }));
    const error = await refusal(exportSourceItems(double.endpoint, NOTES, { source: 'news' }));
    expect(error.code).toBe('GF_KEEP_EXPORT_INVALID_ID');
    expect(error.message).toContain(`answered item 3 of source news of Note in en with ${shown}, not a non-empty string`);
    expect(error.details).toEqual({ source: 'news', type: 'Note', language: 'en', position: 3 });
  });
});

describe('the export ends', { timeout: 10_000 }, () => {
  it('stops at the first repeated page of a cursor that always answers the first page again', async () => {
    const double = await startExportDouble(() => ({ total: 100, cursor: 'again', items: doubleItems('n', 0, 100, 'Note') }));
    const error = await refusal(exportSourceItems(double.endpoint, NOTES, { source: 'news' }));
    expect(error.code).toBe('GF_KEEP_EXPORT_DUPLICATE');
    expect(double.pages()).toBe(2);
  });

  it('stops once it has read more than the total from a cursor that keeps answering new items', async () => {
    const double = await startExportDouble(({ nth }) => ({ total: 100, cursor: `c${nth + 1}`, items: doubleItems('n', nth * 100, nth * 100 + 100, 'Note') }));
    const error = await refusal(exportSourceItems(double.endpoint, NOTES, { source: 'news' }));
    expect(error.code).toBe('GF_KEEP_EXPORT_INCOMPLETE');
    expect(error.message).toBe(
      'the items of source news of Note in en did not all come back: the total was 100, but 200 were read before the read stopped; items changed while they were read, run again',
    );
    expect(double.pages()).toBe(2);
  });
});
