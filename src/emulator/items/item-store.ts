import type { ItemIndex, ItemKey } from './item-index.js';

/** One indexed item: keyed by language_routing and _id; `raw` is its data line as received. */
export interface ItemRecord {
  id: string;
  lang: string;
  /** Most-derived content type: the last name of the data line's ContentType. */
  type: string;
  raw: string;
}

export type ItemOp = { kind: 'index'; item: ItemRecord } | { kind: 'delete'; lang: string; id: string };

/**
 * The items of every source. Each change is written before the index shows it, and a file
 * replaced on disk is swapped together with its index, so a reader never sees one without
 * the other. Changes come one at a time (the repository queues them); reads are synchronous.
 */
export interface ItemStore {
  /** The source's items, without their data lines; read from disk on first use. */
  index(id: string): ItemIndex;
  /** The data lines of the given items of the source, in the order given. */
  read(id: string, keys: readonly ItemKey[]): string[];
  /** Gives the source no items: a new source, or a full update, or a delete of its data. */
  empty(id: string): Promise<void>;
  /** A data request's operations, in order. */
  apply(id: string, ops: readonly ItemOp[]): Promise<{ indexed: number; deleted: number }>;
  /** Deletes the items in the given languages; returns how many went. */
  purge(id: string, languages: readonly string[]): Promise<number>;
  /** Forgets a source that no longer exists (its files are the persistence's to remove). */
  forget(id: string): void;
  forgetAll(): void;
}

/** How many items are read from disk at once when every data line is needed. */
const READ_BATCH = 1000;

/** The items with their data lines, read a batch at a time: memory holds one batch, whatever the source's size. */
export function* withData(items: ItemStore, id: string, keys: Iterable<ItemKey>): Generator<ItemRecord> {
  let batch: ItemKey[] = [];
  const flush = function* (): Generator<ItemRecord> {
    const raws = items.read(id, batch);
    for (const [i, key] of batch.entries()) yield { id: key.id, lang: key.lang, type: key.type, raw: raws[i] ?? '' };
    batch = [];
  };
  for (const key of keys) {
    batch.push(key);
    if (batch.length >= READ_BATCH) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}
