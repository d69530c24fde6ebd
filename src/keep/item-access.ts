import type { ItemServiceField } from '../model/types.js';

/** The `_rbac` entry that lets everyone read an item (entries are comma-separated). */
const EVERYONE_READ = 'r:Everyone:Read';

/**
 * Whether an item read back from the service is public: its served Status is Published and
 * its served `_rbac` grants everyone read. (The read-back never sees expired items.) A field
 * GraphQL does not serve back leaves the item not public: what keep.defaults will write says
 * nothing about who may read it now. Values of items that are not public never go into a plan:
 * its readers (a pull request's) are often not those the item's access lets read it.
 */
export function isPublicItem(service: Partial<Record<ItemServiceField, string>>): boolean {
  if (service.Status !== 'Published' || service._rbac === undefined) return false;
  return grantsEveryone(service._rbac);
}

/** Whether an `_rbac` value lets everyone read. */
export function grantsEveryone(rbac: string): boolean {
  return rbac.split(',').some((entry) => entry.trim() === EVERYONE_READ);
}

/** An item the plan names: by `_id` and language, and its value only when it has one to show. */
export function namedItem(item: { id: string; language: string; value?: string }): string {
  return `${item.id} (${item.language})${item.value === undefined ? '' : `: ${item.value}`}`;
}
