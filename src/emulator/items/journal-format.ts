import { createReadStream } from 'node:fs';
import { LineSplitter } from '../data/read/line-splitter.js';
import { GraphformError } from '../diagnostics/errors.js';
import type { ItemOp, ItemRecord } from './store.js';

/**
 * A source's items on disk: an append-only NDJSON journal, one line per operation.
 * `["i", lang, id, type, <data line>]` indexes (the data line embedded verbatim), and
 * `["d", lang, id]` deletes. Replayed on start; compacted to index lines only.
 */
export function encodeOp(op: ItemOp): string {
  switch (op.kind) {
    case 'index':
      return encodeItem(op.item);
    case 'delete':
      return `["d",${JSON.stringify(op.lang)},${JSON.stringify(op.id)}]\n`;
    default: {
      const never: never = op;
      throw new Error(`unknown item operation ${JSON.stringify(never)}`);
    }
  }
}

export function encodeItem(item: ItemRecord): string {
  return `${indexPrefix(item.lang, item.id, item.type)}${item.raw}]\n`;
}

function indexPrefix(lang: string, id: string, type: string): string {
  return `["i",${JSON.stringify(lang)},${JSON.stringify(id)},${JSON.stringify(type)},`;
}

function decodeOp(line: string): ItemOp | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const [kind, lang, id, type] = value as unknown[];
  if (typeof lang !== 'string' || typeof id !== 'string') return undefined;
  if (kind === 'd' && value.length === 3) return { kind: 'delete', lang, id };
  if (kind === 'i' && value.length === 5 && typeof type === 'string') {
    // The data line was written verbatim after a prefix we can rebuild: keep its exact text.
    const raw = line.slice(indexPrefix(lang, id, type).length, line.lastIndexOf(']'));
    return { kind: 'index', item: { id, lang, type, raw } };
  }
  return undefined;
}

export interface ReplayResult {
  operations: number;
  /** The last line was cut short (a crash mid-append); it was ignored. */
  truncatedTail: boolean;
}

/** Feeds every operation to `apply`, tolerating a cut-off last line; a bad line elsewhere is corruption. */
export async function replayJournal(path: string, apply: (op: ItemOp) => void): Promise<ReplayResult> {
  let operations = 0;
  let badLine: number | undefined;
  let corruptAt: number | undefined;
  // Split on '\n' only (as written): a data line may hold a bare '\r' as JSON whitespace.
  const splitter = new LineSplitter(Number.MAX_SAFE_INTEGER, (bytes, lineNo) => {
    if (corruptAt !== undefined || bytes.length === 0) return;
    if (badLine !== undefined) {
      corruptAt = badLine;
      return;
    }
    const op = decodeOp(bytes.toString('utf8'));
    if (op === undefined) {
      badLine = lineNo;
      return;
    }
    apply(op);
    operations++;
  }, () => undefined);
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    splitter.push(chunk);
    if (corruptAt !== undefined) break;
  }
  splitter.end();
  if (corruptAt !== undefined) {
    throw new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The emulator's item journal ${path} is damaged at line ${corruptAt}`, {
      details: { path, line: corruptAt },
      hint: 'Remove the file (the source keeps its definition, without items) or the whole data directory.',
    });
  }
  return { operations, truncatedTail: badLine !== undefined };
}
