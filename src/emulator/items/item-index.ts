/**
 * Where one item's data line is: in memory (an emulator without a data directory), or a
 * byte range of its source's journal file, read when a request needs the data. `type` is
 * the most-derived content type: counts and GraphQL's type filter need no data line.
 */
export type ItemSlot = { type: string; raw: string } | { type: string; at: number; bytes: number };

/** One item of a source, without its data line. */
export interface ItemKey {
  id: string;
  lang: string;
  type: string;
  slot: ItemSlot;
}

/**
 * A source's items: language → _id → slot, as the service keys them. Re-indexing an _id
 * moves it to the end, like a fresh index; listing goes by language (code order), then in
 * indexing order.
 */
export class ItemIndex {
  private readonly byLanguage = new Map<string, Map<string, ItemSlot>>();
  /** One string per content type name, however many items carry it. */
  private readonly types = new Map<string, string>();

  get size(): number {
    let n = 0;
    for (const byId of this.byLanguage.values()) n += byId.size;
    return n;
  }

  /** Indexes (or re-indexes) an item. */
  set(lang: string, id: string, slot: ItemSlot): void {
    let byId = this.byLanguage.get(lang);
    if (byId === undefined) this.byLanguage.set(lang, (byId = new Map()));
    // Every item's type is parsed from its own line: keep one copy of each name.
    const type = this.types.get(slot.type);
    if (type === undefined) this.types.set(slot.type, slot.type);
    else slot.type = type;
    byId.delete(id);
    byId.set(id, slot);
  }

  /** Whether the item was there. */
  delete(lang: string, id: string): boolean {
    return this.byLanguage.get(lang)?.delete(id) === true;
  }

  /** The item indexed in `lang` under `id`, if any: one lookup, whatever the source's size. */
  get(lang: string, id: string): ItemKey | undefined {
    const slot = this.byLanguage.get(lang)?.get(id);
    return slot === undefined ? undefined : { id, lang, type: slot.type, slot };
  }

  /** The languages that hold items, in code order. */
  languages(): string[] {
    return [...this.byLanguage].filter(([, byId]) => byId.size > 0).map(([lang]) => lang).sort();
  }

  countIn(lang: string): number {
    return this.byLanguage.get(lang)?.size ?? 0;
  }

  /** Deletes every item in the given languages; returns how many went. */
  purge(languages: Iterable<string>): number {
    let removed = 0;
    for (const lang of languages) {
      removed += this.countIn(lang);
      this.byLanguage.delete(lang);
    }
    return removed;
  }

  /** Items by language (code order), then in indexing order. */
  *keys(): Generator<ItemKey> {
    for (const lang of [...this.byLanguage.keys()].sort()) {
      for (const [id, slot] of this.byLanguage.get(lang) ?? []) yield { id, lang, type: slot.type, slot };
    }
  }
}
