import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  encodeLedger,
  entryLine,
  ledgerWithoutLanguages,
  maxEntriesBytes,
  parseEntryLine,
  readLedger,
  tableRow,
  type LedgerEntry,
  type LedgerRow,
} from '../../../src/data/ledger/ledger-codec.js';
import type { DataLedger } from '../../../src/state/types.js';
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
      const rows = Array.from({ length: 200_000 }, (_, i) =>
        row({ language: i % 2 === 0 ? 'en' : 'sv', id: ids(i), type: 'Product' }, [Math.imul(i, 2654435761) >>> 0, Math.imul(i ^ 0x5bd1e995, 40503) >>> 0]),
      );
      const ledger = encodeLedger(rows);
      return (ledger.rows.length + ledger.entries.length) / ledger.items;
    };
    expect(sized((i) => `b${i}`)).toBeLessThanOrEqual(40);
    // A UUID carries 122 random bits, which nothing compresses: the worst common case.
    const uuid = sized(
      (i) =>
        `${(Math.imul(i, 2654435761) >>> 0).toString(16).padStart(8, '0')}-4${(i % 4096).toString(16).padStart(3, '0')}-8abc-${(Math.imul(i, 40503) >>> 0).toString(16).padStart(8, '0')}${(i % 65536).toString(16).padStart(4, '0')}`,
    );
    expect(uuid).toBeLessThanOrEqual(40);
  });

  it('refuses rows that do not match the item count', () => {
    const ledger = encodeLedger([row({ language: 'en', id: 'x', type: 'T' }, [1, 2])]);
    expect(() => readLedger({ ...ledger, items: 2 })).toThrow(/12 for each of 2 items/);
  });
});

/** A ledger written as given, rows and entries in this order, not sorted: what a hand edit or a damaged state holds. */
function unsortedLedger(rows: readonly LedgerRow[]): DataLedger {
  const table = new Uint32Array(rows.length * 3);
  rows.forEach((r, i) => table.set([r.keyA, r.keyB, r.content], i * 3));
  return {
    format: 1,
    items: rows.length,
    rows: Buffer.from(table.buffer).toString('base64'),
    entries: deflateRawSync(Buffer.from(rows.map((r) => r.line).join('\n'))).toString('base64'),
  };
}

const three = (): LedgerRow[] => ['a', 'b', 'c'].map((id, i) => row({ language: 'en', id, type: 'Doc' }, [i + 1, 0]));

/** The rows of a ledger in the order it holds them. */
function inOrder(rows: readonly LedgerRow[]): LedgerRow[] {
  const sorted = encodeLedger(rows);
  const table = readLedger(sorted);
  return Array.from({ length: table.count }, (_, i) => tableRow(table, i));
}

describe('a ledger is checked when read, and one that fails says why', () => {
  it('refuses rows out of key order, which would match no declared item and delete them all', () => {
    const sorted = inOrder(three());
    expect(() => readLedger(unsortedLedger(sorted))).not.toThrow();
    expect(() => readLedger(unsortedLedger([...sorted].reverse()))).toThrow(/rows are not in key order \(row 2 of 3/);
  });

  it('refuses a key held twice (the second row would never be found, so its item would be deleted)', () => {
    const [first, second] = inOrder(three()) as [LedgerRow, LedgerRow];
    expect(() => readLedger(unsortedLedger([first, first, second]))).toThrow(/rows are not in key order \(row 2 of 3/);
  });

  it('refuses entries out of step with the rows, which would name other items to delete', () => {
    const sorted = inOrder(three());
    const shifted = sorted.map((r, i) => ({ ...r, line: (sorted[(i + 1) % sorted.length] as LedgerRow).line }));
    expect(() => readLedger(unsortedLedger(shifted))).toThrow(/its entry 1, "[abc]" \(en\), is not the item its row holds/);
  });

  it('refuses entries that are not deflated, not UTF-8, not one an item, or not language, type and id', () => {
    const ledger = encodeLedger(three());
    expect(() => readLedger({ ...ledger, entries: Buffer.from('not deflate at all').toString('base64') })).toThrow(/entries are not deflated data/);
    expect(() => readLedger({ ...ledger, entries: deflateRawSync(Buffer.from([0xff, 0xfe, 0x0a, 0x0a])).toString('base64') })).toThrow(/entries are not UTF-8/);
    expect(() => readLedger({ ...ledger, entries: deflateRawSync(Buffer.from('en\tDoc\ta')).toString('base64') })).toThrow(/entries name 1 items, not 3/);
    const lines = inOrder(three()).map((r) => r.line);
    lines[1] = 'en Doc b';
    expect(() => readLedger({ ...ledger, entries: deflateRawSync(Buffer.from(lines.join('\n'))).toString('base64') })).toThrow(
      /its entry 2 is not one: a ledger line is not language, type and id/,
    );
  });

  it('refuses another format and an item count that is not a whole number', () => {
    const ledger = encodeLedger(three());
    expect(() => readLedger({ ...ledger, format: 2 as unknown as 1 })).toThrow(/its format is 2, not 1/);
    expect(() => readLedger({ ...ledger, items: 1.5 })).toThrow(/item count 1.5 is not a whole number/);
    expect(() => readLedger({ ...ledger, items: -3 })).toThrow(/item count -3 is not a whole number/);
  });

  it('reads entries that inflate to exactly the bound, and stops one byte past it without inflating the rest', () => {
    const items = 1;
    const limit = maxEntriesBytes(items);
    // One entry line of exactly `limit` bytes: "en<TAB>Doc<TAB>" and a long id.
    const id = 'x'.repeat(limit - 'en\tDoc\t'.length);
    const atLimit = encodeLedger([row({ language: 'en', id, type: 'Doc' }, [7, 0])]);
    expect(readLedger(atLimit).entry(0).id.length).toBe(id.length);
    const past = encodeLedger([row({ language: 'en', id: `${id}x`, type: 'Doc' }, [7, 0])]);
    expect(() => readLedger(past)).toThrow(new RegExp(`entries inflate to more than ${limit} bytes, the most 1 items take`));
  });

  it('bounds what a small damaged entries field inflates to: a bomb of tens of kilobytes is refused in well under a second', () => {
    const ledger = encodeLedger(three());
    // 64 MiB of one byte deflates to about 64 KiB; unbounded, inflating it takes that much memory and more as text.
    const bomb = deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x61), { level: 9 }).toString('base64');
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const heap = process.memoryUsage().rss;
    expect(() => readLedger({ ...ledger, entries: bomb })).toThrow(/entries inflate to more than/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - heap).toBeLessThan(64 * 1024 * 1024);
  });

  it('a purge of a damaged ledger drops it (plans read it as none anyway) instead of failing after the purge', () => {
    const damaged = unsortedLedger([...inOrder(three())].reverse());
    expect(ledgerWithoutLanguages(damaged, ['en'])).toBeUndefined();
    expect(ledgerWithoutLanguages(encodeLedger(three()), ['sv'])?.items).toBe(3);
  });
});
