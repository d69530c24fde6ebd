import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import type { PlanSource } from '../plan/types.js';
import { stateEntry } from '../state/state.js';
import type { PendingSnapshot, PendingWork, State, StateSourceEntry } from '../state/types.js';

/** The marker written before a request that wipes, creates or renames the fields of a source with `data:` files. */
export function repushMarker(source: Pick<PlanSource, 'id' | 'action'>, at: Date): PendingWork {
  const why =
    source.action === 'full'
      ? `a full update of source ${source.id} deletes its items`
      : source.action === 'create'
        ? `source ${source.id} was created without its items`
        : source.action === 'partial'
          ? `a partial update of source ${source.id} renames fields in data lines, which the items it keeps hold under the old names`
          : `source ${source.id} may have been created without its items`;
  return { repush: { since: at.toISOString(), reason: `${why}; its data: files must be pushed again` } };
}

/** The marker written before a full update, or a partial one that renames fields in data lines, whose items the keep step carried over into `snapshot`. */
export function keepMarker(source: Pick<PlanSource, 'id'> & Partial<Pick<PlanSource, 'action'>>, at: Date, snapshot: PendingSnapshot): PendingWork {
  const why =
    source.action === 'partial'
      ? `a partial update of source ${source.id} renames fields in data lines, which its items hold under the old names`
      : `a full update of source ${source.id} deletes its items`;
  return {
    repush: {
      since: at.toISOString(),
      reason: `${why}; the ${snapshot.items} items read back before it must be pushed again from ${snapshot.snapshot}, with its data: files`,
    },
    keep: snapshot,
  };
}

/** Pending work recorded for `id`, if any. */
export function pendingOf(state: State | undefined, id: string): PendingWork | undefined {
  return state !== undefined && Object.hasOwn(state.sources, id) ? state.sources[id]?.pending : undefined;
}

/**
 * The entry to record once the service holds `definition` for source `id` (the declaration,
 * or what a write read back showed): carrying any pending work already recorded (a marker
 * written before the request, or left by an earlier run) or the new marker.
 */
export function appliedEntry(
  current: State,
  id: string,
  definition: SourceDefinition,
  appliedAt: string,
  toolVersion: string,
  marker: PendingWork | undefined,
): StateSourceEntry {
  const pending = pendingOf(current, id) ?? marker;
  // What was last pushed from the data files stays true across a schema change: the data step after it compares with it.
  const data = ownValue(current.sources, id)?.data;
  const entry = { ...stateEntry(definition, appliedAt, toolVersion), ...(data === undefined ? {} : { data }) };
  return pending === undefined ? entry : { ...entry, pending };
}

/** Ids whose state entry still records pending work, in id order. */
export function pendingIds(state: State): string[] {
  return Object.keys(state.sources).filter((id) => pendingOf(state, id) !== undefined);
}
