import { describe, expect, it } from 'vitest';
import { encodeLedger, entryLine, parseEntryLine, readLedger, tableRow, type LedgerEntry, type LedgerRow } from '../../../src/data/ledger/ledger-codec.js';
import { idHash } from '../../../src/data/validate/id-set.js';

function row(entry: LedgerEntry, content: [number, number]): LedgerRow {
  const [keyA, keyB] = idHash(entry.language, entry.id);
  return { keyA, keyB, content: content[0], line: entryLine(entry) };
}

describe('the data ledger kept in state', () => {
  it('reads back every entry, sorted by key, with its content hash', () => {
    const entries: LedgerEntry[] = [
      { language: 'sv', id: 'b2', type: 'Product' },
      { language: 'en', id: 'b1', type: 'Product' },
      { language: 'en', id: 'gone', type: '' },
    ];
    const ledger = encodeLedger(entries.map((entry, i) => row(entry, [i + 1, 0xffffffff - i])));
    expect(ledger).toMatchObject({ format: 1, items: 3 });
    const table = readLedger(ledger);
    const read = Array.from({ length: table.count }, (_, i) => tableRow(table, i));
    expect(read.map((r) => parseEntryLine(r.line)).sort((a, b) => a.id.localeCompare(b.id))).toEqual([...entries].sort((a, b) => a.id.localeCompare(b.id)));
    for (let i = 1; i < read.length; i++) expect((read[i - 1]?.keyA ?? 0) <= (read[i]?.keyA ?? 0)).toBe(true);
    const b2 = read.find((r) => r.line.endsWith('\tb2'));
    expect(b2?.content).toBe(1);
  });

  it.each([
    ['a tab', 'a\tb'],
    ['a newline', 'line\nbreak'],
    ['a leading quote', '"quoted"'],
    ['non-ASCII', 'ärende-ö'],
    ['nothing special', 'plain-42'],
  ])('keeps an id with %s exactly', (_, id) => {
    const entry = { language: 'en', id, type: 'Page' };
    expect(parseEntryLine(entryLine(entry))).toEqual(entry);
    expect(readLedger(encodeLedger([row(entry, [5, 6])])).entry(0)).toEqual(entry);
  });

  it('takes at most 40 bytes an item for 200,000 items, with short ids and with UUIDs', () => {
    const sized = (ids: (i: number) => string): number => {
      const rows = Array.from({ length: 200_000 }, (_, i) => row({ language: i % 2 === 0 ? 'en' : 'sv', id: ids(i), type: 'Product' }, [Math.imul(i, 2654435761) >>> 0, Math.imul(i ^ 0x5bd1e995, 40503) >>> 0]));
      const ledger = encodeLedger(rows);
      return (ledger.rows.length + ledger.entries.length) / ledger.items;
    };
    expect(sized((i) => `b${i}`)).toBeLessThanOrEqual(40);
    // A UUID carries 122 random bits, which nothing compresses: the worst common case.
    const uuid = sized((i) => `${(Math.imul(i, 2654435761) >>> 0).toString(16).padStart(8, '0')}-4${(i % 4096).toString(16).padStart(3, '0')}-8abc-${(Math.imul(i, 40503) >>> 0).toString(16).padStart(8, '0')}${(i % 65536).toString(16).padStart(4, '0')}`);
    expect(uuid).toBeLessThanOrEqual(40);
  });

  it('refuses rows that do not match the item count', () => {
    const ledger = encodeLedger([row({ language: 'en', id: 'x', type: 'T' }, [1, 2])]);
    expect(() => readLedger({ ...ledger, items: 2 })).toThrow(/12 for each of 2 items/);
  });
});
