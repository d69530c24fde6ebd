import { isRecord } from '../graph/own.js';
import type { ContentSourceV3 } from '../graph/wire-definition.js';
import { keysNotServed, servedFieldsOf } from '../graphql/served-fields.js';
import type { ItemOp, ItemStore } from './item-store.js';
import { dropMarks, observedItems } from './observed-items.js';

/** Fields of a data line the service reads itself: never a property's, so never left unindexed. */
const ITEM_FIELDS: ReadonlySet<string> = new Set([
  'ContentType',
  'Language',
  'Status',
  '_rbac',
  'RolesWithReadAccess',
  '__typename',
  '_id',
  'StopPublish',
  '_deleted',
]);

/**
 * What the service's public record warns of: items pushed before the mapping for a field is
 * there may not be indexed. Each pushed item notes the keys of its data line that the schema
 * GraphQL served at that moment did not serve for its type (a property not served yet, or
 * under another name); GraphQL never serves those values of that item, even once the schema
 * has them, until the item is pushed again. `store` is what the repository writes through;
 * `unindexed` what GraphQL asks. The marks live in memory: an emulator started again on its
 * data directory has none.
 */
export class FieldIndexing {
  readonly store: ItemStore;
  /** source → `lang\n_id` → the keys its last push left unindexed; only items with some. */
  private readonly marks = new Map<string, Map<string, ReadonlySet<string>>>();

  constructor(
    inner: ItemStore,
    /** The definition GraphQL serves for a source now (after the schema delay). */
    private readonly served: (id: string) => ContentSourceV3 | undefined,
  ) {
    this.store = observedItems(inner, {
      applied: (id, ops) => this.note(id, ops),
      dropped: (id, keep) => dropMarks(this.marks, id, keep),
      droppedAll: () => this.marks.clear(),
    });
  }

  /** The keys of the item's data line that GraphQL does not serve, because its last push came before the schema served them. */
  unindexed(id: string, lang: string, itemId: string): ReadonlySet<string> | undefined {
    return this.marks.get(id)?.get(`${lang}\n${itemId}`);
  }

  private note(id: string, ops: readonly ItemOp[]): void {
    const definition = this.served(id);
    let marks = this.marks.get(id);
    for (const op of ops) {
      const key = op.kind === 'index' ? `${op.item.lang}\n${op.item.id}` : `${op.lang}\n${op.id}`;
      const missing = op.kind === 'index' ? this.notServed(definition, op.item.type, op.item.raw) : [];
      if (missing.length === 0) {
        marks?.delete(key);
        continue;
      }
      if (marks === undefined) this.marks.set(id, (marks = new Map()));
      marks.set(key, new Set(missing));
    }
    if (marks?.size === 0) this.marks.delete(id);
  }

  private notServed(definition: ContentSourceV3 | undefined, typeName: string, raw: string): string[] {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return [];
    }
    if (!isRecord(data)) return [];
    return keysNotServed(data, definition === undefined ? undefined : servedFieldsOf(definition).contentType(typeName), ITEM_FIELDS);
  }
}
