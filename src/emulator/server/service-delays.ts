import type { ItemOp, ItemStore } from '../items/item-store.js';
import { ItemIndex } from '../items/item-index.js';
import { dropMarks, observedItems } from '../items/observed-items.js';
import { MemoryStore } from './store.js';

/**
 * The two delays of the real service that graphform waits for (docs/service-facts.md,
 * "Propagation and indexing"): a schema change reaches GraphQL minutes after the types
 * request answered, and a pushed item is served only once it is indexed. The emulator's
 * admin API sees every change at once; only its GraphQL endpoint lags behind, so a client
 * that reads back through GraphQL meets what it would meet in the service.
 */

/** A store that says when a definition changes, so the schema GraphQL serves can follow it later. */
export class ObservedStore extends MemoryStore {
  onChange: (() => void) | undefined;

  override setDefinition(...args: Parameters<MemoryStore['setDefinition']>): void {
    super.setDefinition(...args);
    this.onChange?.();
  }

  override remove(id: string): void {
    super.remove(id);
    this.onChange?.();
  }

  override clear(): void {
    super.clear();
    this.onChange?.();
  }
}

/**
 * The definitions GraphQL builds its schema from: each change of `source` reaches `served`
 * `delayMs` later, in the order they were made. With no delay, `served` is the source itself.
 */
export class SchemaPropagation {
  readonly served: MemoryStore;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly source: ObservedStore,
    private readonly delayMs: number,
  ) {
    if (delayMs === 0) {
      this.served = source;
      return;
    }
    this.served = new MemoryStore();
    copyInto(this.served, snapshot(source));
    source.onChange = () => this.changed();
  }

  private changed(): void {
    // What the store holds now is what GraphQL serves once the delay has passed.
    const records = snapshot(this.source);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      copyInto(this.served, records);
    }, this.delayMs);
    // A change still propagating must not keep a closing process alive.
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

type Snapshot = ReadonlyArray<{ id: string; definition: Parameters<MemoryStore['setDefinition']>[1] }>;

function snapshot(store: MemoryStore): Snapshot {
  return store.ids().flatMap((id) => {
    const record = store.get(id);
    return record === undefined ? [] : [{ id, definition: record.definition }];
  });
}

function copyInto(target: MemoryStore, records: Snapshot): void {
  const keep = new Set(records.map((r) => r.id));
  for (const id of target.ids()) if (!keep.has(id)) target.remove(id);
  for (const { id, definition } of records) if (target.get(id)?.definition !== definition) target.setDefinition(id, definition);
}

/**
 * The indexing lag: every item a data request indexes is left out of what GraphQL counts
 * and serves until `lagMs` after the request was applied. `store` is what the repository
 * writes through (it notes the items), `served` what GraphQL reads (it leaves them out).
 * Deletes and purges take effect at once, as the admin API reports them.
 */
export class IndexingLag {
  readonly store: ItemStore;
  readonly served: ItemStore;
  /** source → `lang\n_id` → when it is served (ms, the real clock: a test's frozen emulator clock must not freeze indexing). */
  private readonly pending = new Map<string, Map<string, number>>();

  constructor(
    private readonly inner: ItemStore,
    private readonly lagMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (lagMs === 0) {
      this.store = inner;
      this.served = inner;
      return;
    }
    this.store = observedItems(inner, {
      applied: (id, ops) => this.note(id, ops),
      dropped: (id, keep) => dropMarks(this.pending, id, keep),
      droppedAll: () => this.pending.clear(),
    });
    this.served = { ...this.store, index: (id) => this.visible(id) };
  }

  private note(id: string, ops: readonly ItemOp[]): void {
    let marks = this.pending.get(id);
    if (marks === undefined) this.pending.set(id, (marks = new Map()));
    const at = this.now() + this.lagMs;
    for (const op of ops) {
      const key = op.kind === 'index' ? `${op.item.lang}\n${op.item.id}` : `${op.lang}\n${op.id}`;
      if (op.kind === 'index') marks.set(key, at);
      else marks.delete(key);
    }
    if (marks.size === 0) this.pending.delete(id);
  }

  /** The source's index without the items still being indexed: the inner one itself when there are none. */
  private visible(id: string): ItemIndex {
    const index = this.inner.index(id);
    const marks = this.pending.get(id);
    if (marks === undefined) return index;
    const now = this.now();
    for (const [key, at] of marks) if (at <= now) marks.delete(key);
    if (marks.size === 0) {
      this.pending.delete(id);
      return index;
    }
    // A copy for this one query, made only while some of the source's items are still lagging.
    const copy = new ItemIndex();
    for (const key of index.keys()) if (!marks.has(`${key.lang}\n${key.id}`)) copy.set(key.lang, key.id, key.slot);
    return copy;
  }
}
