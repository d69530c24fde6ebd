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

/** An item's slot and its place in indexing order (later indexed, higher). */
interface Entry {
  slot: ItemSlot;
  seq: number;
}

/**
 * A source's items: language → _id → slot, as the service keys them. Re-indexing an _id
 * moves it to the end, like a fresh index; listing goes by language (code order), then in
 * indexing order. Ids that are not lower-case are also found by their lower-case form, so
 * a query by `_id` (which ignores case) looks each one up instead of walking the source.
 */
export class ItemIndex {
  private readonly byLanguage = new Map<string, Map<string, Entry>>();
  /** Per language, lower-cased _id → the ids indexed that lower-case to it and differ from it. */
  private readonly folded = new Map<string, Map<string, Set<string>>>();
  /** One string per content type name, however many items carry it. */
  private readonly types = new Map<string, string>();
  private next = 0;

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
    byId.set(id, { slot, seq: this.next++ });
    const lower = id.toLowerCase();
    if (lower !== id) {
      let byLower = this.folded.get(lang);
      if (byLower === undefined) this.folded.set(lang, (byLower = new Map()));
      let ids = byLower.get(lower);
      if (ids === undefined) byLower.set(lower, (ids = new Set()));
      ids.add(id);
    }
  }

  /** Whether the item was there. */
  delete(lang: string, id: string): boolean {
    const lower = id.toLowerCase();
    if (lower !== id) {
      const ids = this.folded.get(lang)?.get(lower);
      ids?.delete(id);
      if (ids?.size === 0) this.folded.get(lang)?.delete(lower);
    }
    return this.byLanguage.get(lang)?.delete(id) === true;
  }

  /** The item indexed in `lang` under `id`, if any: one lookup, whatever the source's size. */
  get(lang: string, id: string): ItemKey | undefined {
    const entry = this.byLanguage.get(lang)?.get(id);
    return entry === undefined ? undefined : { id, lang, type: entry.slot.type, slot: entry.slot };
  }

  /**
   * The items of `lang` whose _id, lower-cased, is one of `lowerIds`, in indexing order:
   * a lookup or two per id, whatever the source's size.
   */
  withIds(lang: string, lowerIds: Iterable<string>): ItemKey[] {
    const byId = this.byLanguage.get(lang);
    if (byId === undefined) return [];
    const byLower = this.folded.get(lang);
    const found: Array<{ id: string; entry: Entry }> = [];
    const add = (id: string): void => {
      const entry = byId.get(id);
      if (entry !== undefined) found.push({ id, entry });
    };
    for (const lower of lowerIds) {
      add(lower);
      for (const id of byLower?.get(lower) ?? []) add(id);
    }
    return found.sort((a, b) => a.entry.seq - b.entry.seq).map(({ id, entry }) => ({ id, lang, type: entry.slot.type, slot: entry.slot }));
  }

  /** The languages that hold items, in code order. */
  languages(): string[] {
    return [...this.byLanguage]
      .filter(([, byId]) => byId.size > 0)
      .map(([lang]) => lang)
      .sort();
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
      this.folded.delete(lang);
    }
    return removed;
  }

  /** Items by language (code order), then in indexing order. */
  *keys(): Generator<ItemKey> {
    for (const lang of [...this.byLanguage.keys()].sort()) {
      for (const [id, entry] of this.byLanguage.get(lang) ?? []) yield { id, lang, type: entry.slot.type, slot: entry.slot };
    }
  }
}
