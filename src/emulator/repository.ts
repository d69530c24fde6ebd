import type { ParsedBatch } from './graph/data-batch.js';
import { mergePartial } from './graph/partial-merge.js';
import type { ContentSourceV3 } from './graph/wire-definition.js';
import type { Persistence } from './persistence.js';
import { resolveBatch } from './graph/resolve-batch.js';
import type { DeleteMode } from './sources/delete-mode.js';
import type { MemoryStore } from './store.js';

export type PutOutcome = { kind: 'created' } | { kind: 'replaced'; wiped: number } | { kind: 'limit'; max: number };
export type PostOutcome = { kind: 'merged' } | { kind: 'missing' } | { kind: 'invalid'; message: string };
export type DataOutcome =
  | { kind: 'applied'; indexed: number; deleted: number; skipped: number; firstSkipReason: string | undefined }
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

  constructor(
    readonly store: MemoryStore,
    private readonly persistence: Persistence,
    private readonly maxSources: number | undefined,
  ) {}

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
      const wiped = exists ? this.store.itemCount(id) : 0;
      await this.persistence.saveDefinition(id, definition, true);
      this.store.setDefinition(id, definition, true);
      return exists ? { kind: 'replaced', wiped } : { kind: 'created' };
    });
  }

  postTypes(id: string, body: ContentSourceV3): Promise<PostOutcome> {
    return this.exclusive(async () => {
      const source = this.store.get(id);
      if (source === undefined) return { kind: 'missing' };
      const merged = mergePartial(source.definition, body);
      if (!merged.ok) return { kind: 'invalid', message: merged.message };
      await this.persistence.saveDefinition(id, merged.value, false);
      this.store.setDefinition(id, merged.value, false);
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
      await this.persistence.appendOps(id, resolved.ops);
      const { indexed, deleted } = this.store.apply(id, resolved.ops);
      return { kind: 'applied', indexed, deleted, skipped: resolved.skipped, firstSkipReason: resolved.firstSkipReason };
    });
  }

  /** Deletes the items of the listed languages, or of every language the source holds items in. */
  purge(id: string, which: readonly string[] | 'all'): Promise<PurgeOutcome> {
    return this.exclusive(async () => {
      const source = this.store.get(id);
      if (source === undefined) return { kind: 'missing' };
      const languages = which === 'all' ? [...source.items.keys()] : which;
      const purged = new Set(languages);
      if ([...purged].some((lang) => (source.items.get(lang)?.size ?? 0) > 0)) {
        const store = this.store;
        await this.persistence.rewriteItems(id, (function* () {
          for (const item of store.items(id)) if (!purged.has(item.lang)) yield item;
        })());
      }
      return { kind: 'purged', removed: this.store.purge(id, languages) };
    });
  }

  /** The sources API's POST: label and description, leaving types and items alone. */
  describe(id: string, label: string, description: string): Promise<DescribeOutcome> {
    return this.exclusive(async () => {
      const source = this.store.get(id);
      if (source === undefined) return { kind: 'missing' };
      const definition: ContentSourceV3 = { ...source.definition, label, description };
      await this.persistence.saveDefinition(id, definition, false);
      this.store.setDefinition(id, definition, false);
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
    const items = this.store.itemCount(id);
    switch (mode) {
      case 'source':
        await this.persistence.removeSource(id);
        this.store.remove(id);
        return items;
      case 'types':
      case 'reset': {
        const wipe = mode === 'reset';
        const definition = withoutTypes(source.definition);
        await this.persistence.saveDefinition(id, definition, wipe);
        this.store.setDefinition(id, definition, wipe);
        return wipe ? items : 0;
      }
      case 'data':
        await this.persistence.rewriteItems(id, []);
        return this.store.clearItems(id);
      default: {
        const never: never = mode;
        throw new Error(`unknown delete mode ${String(never)}`);
      }
    }
  }

  reset(): Promise<void> {
    return this.exclusive(async () => {
      await this.persistence.clear();
      this.store.clear();
    });
  }
}
