import type { ItemOp, ItemRecord } from './item-store.js';

/**
 * A source's items on disk: an append-only NDJSON journal, one line per operation.
 * `["i", lang, id, type, <data line>]` indexes (the data line embedded verbatim), and
 * `["d", lang, id]` deletes. Compacted to index lines only when it holds dead lines.
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

/** The bytes before an index line's data line: where the data line starts within the line. */
export function dataLineOffset(lang: string, id: string, type: string): number {
  return Buffer.byteLength(indexPrefix(lang, id, type));
}

/** A journal line read back: an index line locates its data line within the line's bytes. */
export type JournalLine = { kind: 'index'; lang: string; id: string; type: string; start: number; end: number } | { kind: 'delete'; lang: string; id: string };

const CLOSE_BRACKET = 0x5d;

/** One line (without its newline), or undefined when it is not a journal line: cut off, or damaged. */
export function decodeLine(bytes: Buffer): JournalLine | undefined {
  let value: unknown;
  try {
    // The whole line is parsed, data line included: a damaged one must not pass for an item.
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const [kind, lang, id, type] = value as unknown[];
  if (typeof lang !== 'string' || typeof id !== 'string') return undefined;
  if (kind === 'd' && value.length === 3) return { kind: 'delete', lang, id };
  if (kind === 'i' && value.length === 5 && typeof type === 'string') {
    // The data line was written verbatim after a prefix we can rebuild: its exact bytes are kept.
    return { kind: 'index', lang, id, type, start: dataLineOffset(lang, id, type), end: bytes.lastIndexOf(CLOSE_BRACKET) };
  }
  return undefined;
}
