import { stat, truncate } from 'node:fs/promises';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { appendLines } from '../../fs/atomic-file.js';
import { ItemIndex, type ItemKey, type ItemSlot } from './item-index.js';
import { withData, type ItemOp, type ItemStore } from './item-store.js';
import { dataLineOffset, encodeOp } from './journal-format.js';
import { readDataLines, scanJournal, writeJournal } from './journal-file.js';

/**
 * The items of an emulator with a data directory: they stay in each source's journal, and
 * only an index of where each data line is (language, _id, type, byte range) is kept in
 * memory, for the sources a request has needed. Starting the emulator reads no journal; a
 * request that needs a source's items reads its journal once (repairing a cut-off last
 * line, and compacting it when it holds replaced or deleted items); data lines are read
 * from the file when a request needs them (GraphQL, the inspection API).
 */
export class JournalItems implements ItemStore {
  private readonly loaded = new Map<string, ItemIndex>();

  constructor(private readonly journalPath: (id: string) => string) {}

  index(id: string): ItemIndex {
    const known = this.loaded.get(id);
    if (known !== undefined) return known;
    const path = this.journalPath(id);
    const scanned = scanJournal(path);
    // Dead lines are dropped now: the journal would otherwise grow with every re-push.
    const index = scanned.operations === scanned.index.size ? scanned.index : writeJournal(path, withData(this, id, scanned.index.keys()));
    this.loaded.set(id, index);
    return index;
  }

  read(id: string, keys: readonly ItemKey[]): string[] {
    return readDataLines(this.journalPath(id), keys);
  }

  empty(id: string): Promise<void> {
    const path = this.journalPath(id);
    mkdirSync(dirname(path), { recursive: true });
    // A missing journal is a source without items: a new source needs no file (nor its two
    // fsyncs). One that is there, even a deleted source's leftover, is emptied.
    this.loaded.set(id, existsSync(path) ? writeJournal(path, []) : new ItemIndex());
    return Promise.resolve();
  }

  async apply(id: string, ops: readonly ItemOp[]): Promise<{ indexed: number; deleted: number }> {
    // Read first: that also repairs a cut-off last line, which an append must not follow.
    this.index(id);
    if (ops.length === 0) return { indexed: 0, deleted: 0 };
    const path = this.journalPath(id);
    const start = await fileSize(path);
    const slots: ItemSlot[] = [];
    let at = start;
    // The lines are encoded as they are written, never all at once (see appendLines).
    const lines = function* (): Generator<string> {
      for (const op of ops) {
        const line = encodeOp(op);
        const bytes = Buffer.byteLength(line);
        if (op.kind === 'index') {
          const offset = dataLineOffset(op.item.lang, op.item.id, op.item.type);
          slots.push({ type: op.item.type, at: at + offset, bytes: bytes - offset - 2 });
        }
        at += bytes;
        yield line;
      }
    };
    try {
      await appendLines(path, lines());
    } catch (error) {
      // Leave the file as the index knows it; failing that, read it again when next needed.
      await truncate(path, start).catch(() => this.loaded.delete(id));
      throw error;
    }
    const index = this.index(id);
    let indexed = 0;
    let deleted = 0;
    for (const op of ops) {
      if (op.kind === 'index') index.set(op.item.lang, op.item.id, slots[indexed++] as ItemSlot);
      else if (index.delete(op.lang, op.id)) deleted++;
    }
    return { indexed, deleted };
  }

  purge(id: string, languages: readonly string[]): Promise<number> {
    const index = this.index(id);
    const purged = new Set(languages);
    const removed = [...purged].reduce((n, lang) => n + index.countIn(lang), 0);
    if (removed > 0) {
      const kept = [...index.keys()].filter((key) => !purged.has(key.lang));
      this.loaded.set(id, writeJournal(this.journalPath(id), withData(this, id, kept)));
    }
    return Promise.resolve(removed);
  }

  forget(id: string): void {
    this.loaded.delete(id);
  }

  forgetAll(): void {
    this.loaded.clear();
  }
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}
