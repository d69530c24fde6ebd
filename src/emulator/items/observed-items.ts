import type { ItemOp, ItemStore } from './item-store.js';

/** What a wrapper over an item store keeps per item, told of each change once the store made it. */
export interface ItemMarks {
  /** A data request's operations were applied. */
  applied(id: string, ops: readonly ItemOp[]): void;
  /** Items of the source went: all of them, or those whose `lang\n_id` key `keep` refuses. */
  dropped(id: string, keep?: (key: string) => boolean): void;
  /** Every source's items went. */
  droppedAll(): void;
}

/** `inner`, telling `marks` of every change after it is made; reads go straight through. */
export function observedItems(inner: ItemStore, marks: ItemMarks): ItemStore {
  return {
    index: (id) => inner.index(id),
    read: (id, keys) => inner.read(id, keys),
    empty: async (id) => {
      await inner.empty(id);
      marks.dropped(id);
    },
    apply: async (id, ops) => {
      const result = await inner.apply(id, ops);
      marks.applied(id, ops);
      return result;
    },
    purge: async (id, languages) => {
      const removed = await inner.purge(id, languages);
      marks.dropped(id, (key) => !languages.includes(key.slice(0, key.indexOf('\n'))));
      return removed;
    },
    forget: (id) => {
      inner.forget(id);
      marks.dropped(id);
    },
    forgetAll: () => {
      inner.forgetAll();
      marks.droppedAll();
    },
  };
}

/** Removes a source's marks that `keep` refuses (all without it), and the source once it has none. */
export function dropMarks<T>(marks: Map<string, Map<string, T>>, id: string, keep: (key: string) => boolean = () => false): void {
  const found = marks.get(id);
  if (found === undefined) return;
  for (const key of [...found.keys()]) if (!keep(key)) found.delete(key);
  if (found.size === 0) marks.delete(id);
}
