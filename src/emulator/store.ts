import type { ContentSourceV3 } from './graph/wire-definition.js';

/** One indexed item: keyed by language_routing and _id; `raw` is its data line as received. */
export interface ItemRecord {
  id: string;
  lang: string;
  /** Most-derived content type: the last name of the data line's ContentType. */
  type: string;
  raw: string;
}

export type ItemOp = { kind: 'index'; item: ItemRecord } | { kind: 'delete'; lang: string; id: string };

export interface SourceRecord {
  id: string;
  /** As the last PUT sent it, merged by POST types, label and description set by POST sources. */
  definition: ContentSourceV3;
  /** language → _id → item; re-indexing an _id replaces it. */
  items: Map<string, Map<string, ItemRecord>>;
}

/** The emulator's sources and items in memory; persistence mirrors every change. */
export class MemoryStore {
  private readonly sources = new Map<string, SourceRecord>();
  private changes = 0;

  /** Moves whenever a definition is set or a source goes: the GraphQL schema is rebuilt when it does. */
  get revision(): number {
    return this.changes;
  }

  get size(): number {
    return this.sources.size;
  }

  get(id: string): SourceRecord | undefined {
    return this.sources.get(id);
  }

  ids(): string[] {
    return [...this.sources.keys()].sort();
  }

  /** Creates the source, or replaces its definition; `wipe` deletes its items (a full update does). */
  setDefinition(id: string, definition: ContentSourceV3, wipe: boolean): void {
    this.changes++;
    const existing = this.sources.get(id);
    if (existing === undefined) {
      this.sources.set(id, { id, definition, items: new Map() });
      return;
    }
    existing.definition = definition;
    if (wipe) existing.items.clear();
  }

  /** Forgets the source, its definition and its items. */
  remove(id: string): void {
    this.changes++;
    this.sources.delete(id);
  }

  /** Deletes every item of the source; returns how many went. */
  clearItems(id: string): number {
    const removed = this.itemCount(id);
    this.sources.get(id)?.items.clear();
    return removed;
  }

  apply(id: string, ops: readonly ItemOp[]): { indexed: number; deleted: number } {
    const source = this.sources.get(id);
    if (source === undefined) return { indexed: 0, deleted: 0 };
    let indexed = 0;
    let deleted = 0;
    for (const op of ops) {
      switch (op.kind) {
        case 'index': {
          let byId = source.items.get(op.item.lang);
          if (byId === undefined) source.items.set(op.item.lang, (byId = new Map()));
          // Delete first so a replaced item moves to the end, like a fresh index.
          byId.delete(op.item.id);
          byId.set(op.item.id, op.item);
          indexed++;
          break;
        }
        case 'delete':
          if (source.items.get(op.lang)?.delete(op.id) === true) deleted++;
          break;
        default: {
          const never: never = op;
          throw new Error(`unknown item operation ${JSON.stringify(never)}`);
        }
      }
    }
    return { indexed, deleted };
  }

  /** Deletes every item in the given languages; returns how many went. */
  purge(id: string, languages: readonly string[]): number {
    const source = this.sources.get(id);
    if (source === undefined) return 0;
    let removed = 0;
    for (const lang of languages) {
      removed += source.items.get(lang)?.size ?? 0;
      source.items.delete(lang);
    }
    return removed;
  }

  itemCount(id: string): number {
    let n = 0;
    for (const byId of this.sources.get(id)?.items.values() ?? []) n += byId.size;
    return n;
  }

  /** Items by language (sorted), then in indexing order. */
  *items(id: string): Generator<ItemRecord> {
    const source = this.sources.get(id);
    if (source === undefined) return;
    for (const lang of [...source.items.keys()].sort()) yield* source.items.get(lang)?.values() ?? [];
  }

  clear(): void {
    this.changes++;
    this.sources.clear();
  }
}
