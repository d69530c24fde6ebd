import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DataLedger } from '../../state/types.js';
import { idHash } from '../validate/id-set.js';

/** One item graphform pushed from a source's data files: its key, its content type ('' for a delete line) and content hash. */
export interface LedgerEntry {
  language: string;
  id: string;
  type: string;
}

/**
 * A ledger read for comparison: per entry three 32-bit numbers (the key's idHash, the content
 * hash), sorted by key, and the entries' names.
 */
export interface LedgerTable {
  readonly count: number;
  /** keyA, keyB and content per entry, sorted by (keyA, keyB). */
  readonly rows: Uint32Array;
  /** The entry at row i. */
  entry(i: number): LedgerEntry;
  /** The stored line of row i, as encodeLedger takes it back. */
  line(i: number): string;
}

/** A row of a ledger being written. */
export interface LedgerRow {
  keyA: number;
  keyB: number;
  /** The first 32 bits of the content hash: a change that keeps them has one chance in four billion. */
  content: number;
  /** entryLine() of the entry. */
  line: string;
}

/** Numbers per row: keyA, keyB, content. */
export const ROW = 3;

export const EMPTY_LEDGER_TABLE: LedgerTable = { count: 0, rows: new Uint32Array(0), entry: () => ({ language: '', id: '', type: '' }), line: () => '' };

/**
 * The ledger kept in state, in two parts: `rows` holds 12 bytes per item (the key's 64-bit
 * hash and 32 bits of the content's, sorted by key) in base64; `entries` the items' language, content type and id, one
 * line each in the same order, deflated. A plan looks items up in the rows without decoding a
 * name, and an item takes a few dozen bytes, so the http backend carries the ledger inside
 * the state.
 */
export function encodeLedger(rows: readonly LedgerRow[]): DataLedger {
  const sorted = [...rows].sort((x, y) => x.keyA - y.keyA || x.keyB - y.keyB);
  const table = new Uint32Array(sorted.length * ROW);
  sorted.forEach((row, i) => {
    table[i * ROW] = row.keyA;
    table[i * ROW + 1] = row.keyB;
    table[i * ROW + 2] = row.content;
  });
  const text = sorted.map((row) => row.line).join('\n');
  return {
    format: 1,
    items: sorted.length,
    rows: Buffer.from(table.buffer, table.byteOffset, table.byteLength).toString('base64'),
    // Level 6: under half of level 9's time on 200,000 random ids, for under 1% more bytes.
    entries: deflateRawSync(Buffer.from(text, 'utf8'), { level: 6 }).toString('base64'),
  };
}

/**
 * The most the entries may inflate to: a kilobyte an item on average, and a megabyte over, for a
 * few long ids. A ledger whose entries inflate past it is taken as damaged rather than
 * inflated whole (a small deflated entry can inflate to gigabytes).
 */
export function maxEntriesBytes(items: number): number {
  return items * 1024 + 1024 * 1024;
}

/**
 * Reads a ledger graphform wrote, checking all of it first: a ledger out of order would
 * find no declared item and delete them all. Throws, saying what is wrong, when it is not one.
 */
export function readLedger(ledger: DataLedger): LedgerTable {
  const items: unknown = ledger.items;
  if (ledger.format !== 1) throw new Error(`its format is ${JSON.stringify(ledger.format)}, not 1`);
  if (typeof items !== 'number' || !Number.isSafeInteger(items) || items < 0) throw new Error(`its item count ${JSON.stringify(items)} is not a whole number`);
  if (typeof ledger.rows !== 'string') throw new Error('its rows are not a base64 string');
  const bytes = Buffer.from(ledger.rows, 'base64');
  if (bytes.length !== items * ROW * 4) throw new Error(`its rows hold ${bytes.length} bytes, not ${ROW * 4} for each of ${items} items`);
  if (items === 0) return EMPTY_LEDGER_TABLE;
  // Copied into an aligned buffer: a Uint32Array needs its offset to be a multiple of 4.
  const rows = new Uint32Array(items * ROW);
  new Uint8Array(rows.buffer).set(bytes);
  const unsorted = firstUnsortedRow(rows, items);
  if (unsorted !== undefined) throw new Error(`its rows are not in key order (row ${unsorted + 1} of ${items} does not come after the one before)`);
  const lines = entryLines(ledger.entries, items);
  const entries = checkedEntries(rows, lines);
  return { count: items, rows, line: (i) => lines[i] ?? '', entry: (i) => entries[i] ?? { language: '', id: '', type: '' } };
}

/** The first row whose key is not above the one before (a key twice is damage too), or undefined. */
function firstUnsortedRow(rows: Uint32Array, count: number): number | undefined {
  for (let i = 1; i < count; i++) {
    const a = rows[i * ROW] as number;
    const previous = rows[(i - 1) * ROW] as number;
    if (a < previous || (a === previous && (rows[i * ROW + 1] as number) <= (rows[(i - 1) * ROW + 1] as number))) return i;
  }
  return undefined;
}

/** The entries' lines, one an item, each language, type and id: inflated within maxEntriesBytes, strict UTF-8. */
function entryLines(entries: unknown, items: number): string[] {
  if (typeof entries !== 'string') throw new Error('its entries are not a base64 string');
  const limit = maxEntriesBytes(items);
  let inflated: Buffer;
  try {
    inflated = inflateRawSync(Buffer.from(entries, 'base64'), { maxOutputLength: limit });
  } catch (error) {
    if (error instanceof RangeError) throw new Error(`its entries inflate to more than ${limit} bytes, the most ${items} items take`, { cause: error });
    throw new Error(`its entries are not deflated data (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch (error) {
    throw new Error('its entries are not UTF-8', { cause: error });
  }
  const lines = text.split('\n');
  if (lines.length !== items) throw new Error(`its entries name ${lines.length} items, not ${items}`);
  return lines;
}

/** Every entry, each checked to hash to its row's key: entries out of step with the rows would name other items to delete. */
function checkedEntries(rows: Uint32Array, lines: readonly string[]): LedgerEntry[] {
  return lines.map((line, i) => {
    let entry: LedgerEntry;
    try {
      entry = parseEntryLine(line);
    } catch (error) {
      throw new Error(`its entry ${i + 1} is not one: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const [a, b] = idHash(entry.language, entry.id);
    if (a !== rows[i * ROW] || b !== rows[i * ROW + 1])
      throw new Error(`its entry ${i + 1}, ${JSON.stringify(entry.id)} (${entry.language}), is not the item its row holds`);
    return entry;
  });
}

/** "en<TAB>Product<TAB>b12": an id with a tab, a newline or a leading quote is written as JSON. */
export function entryLine(entry: LedgerEntry): string {
  const plain = !/[\t\n\r]/.test(entry.id) && !entry.id.startsWith('"');
  return `${entry.language}\t${entry.type}\t${plain ? entry.id : JSON.stringify(entry.id)}`;
}

export function parseEntryLine(line: string): LedgerEntry {
  const first = line.indexOf('\t');
  const second = line.indexOf('\t', first + 1);
  if (first < 0 || second < 0) throw new Error('a ledger line is not language, type and id');
  const raw = line.slice(second + 1);
  const id: unknown = raw.startsWith('"') ? JSON.parse(raw) : raw;
  if (typeof id !== 'string') throw new Error('a ledger id is not a string');
  return { language: line.slice(0, first), type: line.slice(first + 1, second), id };
}

/** The row of `i` in a table, to write it into the next ledger unchanged. */
export function tableRow(table: LedgerTable, i: number): LedgerRow {
  const { rows } = table;
  return { keyA: rows[i * ROW] as number, keyB: rows[i * ROW + 1] as number, content: rows[i * ROW + 2] as number, line: table.line(i) };
}

/**
 * The ledger without the items of these languages (a purge deleted them): the next plan pushes
 * the declared ones again. Undefined for a ledger that fails its check: plans read it as none anyway.
 */
export function ledgerWithoutLanguages(ledger: DataLedger, languages: readonly string[]): DataLedger | undefined {
  let table: LedgerTable;
  try {
    table = readLedger(ledger);
  } catch {
    return undefined;
  }
  const gone = new Set(languages);
  const rows: LedgerRow[] = [];
  for (let i = 0; i < table.count; i++) if (!gone.has(table.entry(i).language)) rows.push(tableRow(table, i));
  return encodeLedger(rows);
}
