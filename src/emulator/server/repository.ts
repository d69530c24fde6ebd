import type { ParsedBatch } from '../graph/data-batch.js';
import { mergePartial } from '../graph/partial-merge.js';
import type { ContentSourceV3 } from '../graph/wire-definition.js';
import type { Persistence } from './persistence.js';
import { resolveBatch, type ResolvedBatch } from '../graph/resolve-batch.js';
import type { DeleteMode } from '../sources/delete-mode.js';
import type { ItemStore } from '../items/item-store.js';
import type { MemoryStore } from './store.js';

export type PutOutcome = { kind: 'created' } | { kind: 'replaced'; wiped: number } | { kind: 'limit'; max: number };
export type PostOutcome = { kind: 'merged' } | { kind: 'missing' } | { kind: 'invalid'; message: string };
export type DataOutcome =
  | { kind: 'applied'; indexed: number; deleted: number; skipped: number; firstSkipReason: string | undefined; unsearchable: ResolvedBatch['unsearchable'] }
  | { kind: 'missing' }
  | { kind: 'invalid'; message: string };
export type PurgeOutcome = { kind: 'purged'; removed: number } | { kind: 'missing' };
export type DescribeOutcome = { kind: 'updated' } | { kind: 'missing' };
export type DeleteOutcome = { kind: 'deleted'; ids: string[]; items: number } | { kind: 'missing' };

/**
 * What a source keeps when its types go (sources API, modes types and reset): everything
 * but its content types and property types. What the service keeps is not published.
 */
function withoutTypes(definition: ContentSourceV3): ContentSourceV3 {
  const { propertyTypes: _propertyTypes, ...kept } = definition;
  return { ...kept, contentTypes: {} };
}

/**
 * Every change to sources and items: one at a time (a promise chain), written to
 * persistence first and applied in memory after, so a failed write changes nothing.
 */
export class Repository {
  private tail: Promise<unknown> = Promise.resolve();
  readonly items: ItemStore;

  constructor(
    readonly store: MemoryStore,
    private readonly persistence: Persistence,
    private readonly maxSources: number | undefined,
  ) {
    this.items = persistence.items;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves when every change queued so far is written. */
  idle(): Promise<void> {
    return this.exclusive(async () => undefined);
  }

  putTypes(id: string, definition: ContentSourceV3): Promise<PutOutcome> {
    return this.exclusive(async () => {
      const exists = this.store.get(id) !== undefined;
      if (!exists && this.maxSources !== undefined && this.store.size >= this.maxSources) return { kind: 'limit', max: this.maxSources };
      const wiped = exists ? this.items.index(id).size : 0;
      // Items go first: a crash in between leaves the old schema with no items, never new schema with old items.
      await this.items.empty(id);
      await this.persistence.saveDefinition(id, definition);
      this.store.setDefinition(id, definition);
      return exists ? { kind: 'replaced', wiped } : { kind: 'created' };
    });
  }

  postTypes(id: string, body: ContentSourceV3): Promise<PostOutcome> {
    return this.exclusive(async () => {
      const source = this.store.get(id);
      if (source === undefined) return { kind: 'missing' };
      const merged = mergePartial(source.definition, body);
      if (!merged.ok) return { kind: 'invalid', message: merged.message };
      await this.persistence.saveDefinition(id, merged.value);
      this.store.setDefinition(id, merged.value);
      return { kind: 'merged' };
    });
  }

  pushData(id: string, batch: ParsedBatch): Promise<DataOutcome> {
    return this.exclusive(async () => {
      const source = this.store.get(id);
      if (source === undefined) return { kind: 'missing' };
      if (batch.error !== undefined) return { kind: 'invalid', message: batch.error };
      const resolved = resolveBatch(source.definition, batch.ops);
      if (resolved.error !== undefined) return { kind: 'invalid', message: resolved.error };
      const { indexed, deleted } = await this.items.apply(id, resolved.ops);
      return { kind: 'applied', indexed, deleted, skipped: resolved.skipped, firstSkipReason: resolved.firstSkipReason, unsearchable: resolved.unsearchable };
    });
  }

  /** Deletes the items of the listed languages, or of every language the source holds items in. */
  purge(id: string, which: readonly string[] | 'all'): Promise<PurgeOutcome> {
    return this.exclusive(async () => {
      if (this.store.get(id) === undefined) return { kind: 'missing' };
      const languages = which === 'all' ? this.items.index(id).languages() : which;
      return { kind: 'purged', removed: await this.items.purge(id, languages) };
    });
  }

  /** The sources API's POST: label and description, leaving types and items alone. */
  describe(id: string, label: string, description: string): Promise<DescribeOutcome> {
    return this.exclusive(async () => {
      const source = this.store.get(id);
      if (source === undefined) return { kind: 'missing' };
      const definition: ContentSourceV3 = { ...source.definition, label, description };
      await this.persistence.saveDefinition(id, definition);
      this.store.setDefinition(id, definition);
      return { kind: 'updated' };
    });
  }

  /**
   * The sources API's DELETE on the listed sources, or with 'all' on every source there is
   * when it runs (the service's meaning of a missing id). Nothing is deleted when one of
   * the listed sources does not exist.
   */
  deleteSources(ids: readonly string[] | 'all', mode: DeleteMode): Promise<DeleteOutcome> {
    return this.exclusive(async () => {
      const targets = ids === 'all' ? this.store.ids() : [...ids];
      if (targets.some((id) => this.store.get(id) === undefined)) return { kind: 'missing' };
      let items = 0;
      for (const id of targets) items += await this.deleteOne(id, mode);
      return { kind: 'deleted', ids: targets, items };
    });
  }

  /** Returns how many items went. */
  private async deleteOne(id: string, mode: DeleteMode): Promise<number> {
    const source = this.store.get(id);
    if (source === undefined) return 0;
    // Counted only where items go: counting reads the source's journal.
    const items = (): number => this.items.index(id).size;
    switch (mode) {
      case 'source': {
        const count = items();
        await this.persistence.removeSource(id, () => {
          this.store.remove(id);
          this.items.forget(id);
        });
        return count;
      }
      case 'types':
      case 'reset': {
        const count = mode === 'reset' ? items() : 0;
        const definition = withoutTypes(source.definition);
        if (mode === 'reset') await this.items.empty(id);
        await this.persistence.saveDefinition(id, definition);
        this.store.setDefinition(id, definition);
        return count;
      }
      case 'data': {
        const count = items();
        await this.items.empty(id);
        return count;
      }
      default: {
        const never: never = mode;
        throw new Error(`unknown delete mode ${String(never)}`);
      }
    }
  }

  reset(): Promise<void> {
    return this.exclusive(() =>
      this.persistence.clear(() => {
        this.store.clear();
        this.items.forgetAll();
      }),
    );
  }
}
