import type { ChangeKind } from '../diff/change.js';
import { wipesItems } from './policy.js';
import type { PlanSource } from './types.js';

/**
 * Changes a partial update makes that rename a property's field in data lines
 * (`Name` ↔ `Name___searchable`). The items the service keeps hold their values under the
 * old name, which GraphQL no longer serves once the new schema is in place. `skip` and
 * `useTypedFieldNames` rename fields too, but they go by a full update, whose keep step
 * pushes every item again anyway.
 */
const WIRE_RENAMING_KINDS: ReadonlySet<ChangeKind> = new Set<ChangeKind>(['property.searchableChanged']);

/** A partial update (POST types) that renames fields in data lines: every item must be read before it and pushed again after it. */
export function renamesWireFields(source: Pick<PlanSource, 'action' | 'requests' | 'changes'>): boolean {
  // Such a change always goes by POST types (action-rules.ts): the partial action with the change says it all.
  return source.action === 'partial' && source.requests.length > 0 && source.changes.some((change) => WIRE_RENAMING_KINDS.has(change.kind));
}

/**
 * A types request after which the source's items must be read back first and pushed again:
 * a full update (it deletes them) or a partial one that renames their fields.
 */
export function carriesItems(source: Pick<PlanSource, 'action' | 'requests' | 'changes'>): boolean {
  return wipesItems(source) || renamesWireFields(source);
}
