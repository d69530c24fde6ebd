import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DataLedger } from '../../state/types.js';

/** One item graphform pushed from a source's data files: its key, its content type ('' for a delete line) and content hash. */
export interface LedgerEntry {
  language: string;
  id: string;
  type: string;
}

/**
 * A ledger read for comparison: per entry four 32-bit numbers (the key's idHash, the content
 * hash), sorted by key, and the entries' names, decoded only when asked for (a plan that
 * deletes nothing never decodes them).
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

/** Reads a ledger graphform wrote; throws when it is not one. */
export function readLedger(ledger: DataLedger): LedgerTable {
  if (ledger.items === 0) return EMPTY_LEDGER_TABLE;
  const bytes = Buffer.from(ledger.rows, 'base64');
  if (bytes.length !== ledger.items * ROW * 4) throw new Error(`the ledger's rows hold ${bytes.length} bytes, not ${ROW * 4} for each of ${ledger.items} items`);
  // Copied into an aligned buffer: a Uint32Array needs its offset to be a multiple of 4.
  const rows = new Uint32Array(ledger.items * ROW);
  new Uint8Array(rows.buffer).set(bytes);
  let lines: string[] | undefined;
  const line = (i: number): string => {
    lines ??= inflateRawSync(Buffer.from(ledger.entries, 'base64')).toString('utf8').split('\n');
    if (lines.length !== ledger.items) throw new Error(`the ledger names ${lines.length} items, not ${ledger.items}`);
    return lines[i] ?? '';
  };
  return { count: ledger.items, rows, line, entry: (i) => parseEntryLine(line(i)) };
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

/** The ledger without the items of these languages (a purge deleted them): the next plan pushes the declared ones again. */
export function ledgerWithoutLanguages(ledger: DataLedger, languages: readonly string[]): DataLedger {
  const table = readLedger(ledger);
  const gone = new Set(languages);
  const rows: LedgerRow[] = [];
  for (let i = 0; i < table.count; i++) if (!gone.has(table.entry(i).language)) rows.push(tableRow(table, i));
  return encodeLedger(rows);
}
