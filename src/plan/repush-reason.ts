import type { DataPushReason, PlanSource } from './types.js';
import { renamesWireFields } from './wire-renames.js';

/**
 * Why applying this source pushes its declared `data:` files again, if it does: a create
 * (the source starts empty), a full update (it deletes the items), or a partial update that
 * renames fields in data lines (`Name` ↔ `Name___searchable`: the items it keeps hold the
 * old names, which full-text search does not find). One rule, for apply and for the plan's
 * check of the files apply would push.
 */
export function repushReason(source: Pick<PlanSource, 'action' | 'requests' | 'changes'>): Exclude<DataPushReason, 'pending'> | undefined {
  if (source.requests.length === 0) return undefined;
  if (source.action === 'create' || source.action === 'full') return source.action;
  if (renamesWireFields(source)) return 'rename';
  return undefined;
}
