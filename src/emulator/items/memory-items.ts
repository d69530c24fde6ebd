import { ItemIndex, type ItemKey } from './item-index.js';
import type { ItemOp, ItemStore } from './item-store.js';

/** The items of an emulator without a data directory: data lines kept in memory. */
export class MemoryItems implements ItemStore {
  private readonly indexes = new Map<string, ItemIndex>();

  index(id: string): ItemIndex {
    let index = this.indexes.get(id);
    if (index === undefined) this.indexes.set(id, (index = new ItemIndex()));
    return index;
  }

  read(_id: string, keys: readonly ItemKey[]): string[] {
    return keys.map((key) => ('raw' in key.slot ? key.slot.raw : ''));
  }

  empty(id: string): Promise<void> {
    this.indexes.set(id, new ItemIndex());
    return Promise.resolve();
  }

  apply(id: string, ops: readonly ItemOp[]): Promise<{ indexed: number; deleted: number }> {
    const index = this.index(id);
    let indexed = 0;
    let deleted = 0;
    for (const op of ops) {
      if (op.kind === 'index') {
        index.set(op.item.lang, op.item.id, { type: op.item.type, raw: op.item.raw });
        indexed++;
      } else if (index.delete(op.lang, op.id)) {
        deleted++;
      }
    }
    return Promise.resolve({ indexed, deleted });
  }

  purge(id: string, languages: readonly string[]): Promise<number> {
    return Promise.resolve(this.index(id).purge(languages));
  }

  forget(id: string): void {
    this.indexes.delete(id);
  }

  forgetAll(): void {
    this.indexes.clear();
  }
}
