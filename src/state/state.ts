import { compareText } from '../model/canonical.js';
import { hashDefinition } from '../model/hash.js';
import type { SourceDefinition } from '../model/types.js';
import { STATE_FORMAT_VERSION, type PendingWork, type State, type StateSourceEntry } from './types.js';

/** A new, empty state; `lineage` is a fresh UUID chosen by the caller. */
export function emptyState(lineage: string): State {
  return { formatVersion: STATE_FORMAT_VERSION, lineage, serial: 0, sources: {} };
}

export function stateEntry(definition: SourceDefinition, appliedAt: string, toolVersion: string): StateSourceEntry {
  return { definition, hash: hashDefinition(definition), appliedAt, toolVersion };
}

/** The state with `id` set to `entry`; serial + 1. */
export function withSource(state: State, id: string, entry: StateSourceEntry): State {
  return { ...state, serial: state.serial + 1, sources: sortedSources({ ...state.sources, [id]: entry }) };
}

/** The state with `id`'s entry marked (or, with undefined, cleared of) pending work; serial + 1. */
export function withPending(state: State, id: string, pending: PendingWork | undefined): State {
  const entry = state.sources[id];
  if (entry === undefined) throw new Error(`no state entry for source ${id} to mark pending work on`);
  const { pending: _previous, ...rest } = entry;
  return withSource(state, id, pending === undefined ? rest : { ...rest, pending });
}

/** The state without `id`; serial + 1. */
export function withoutSource(state: State, id: string): State {
  const { [id]: _removed, ...rest } = state.sources;
  return { ...state, serial: state.serial + 1, sources: sortedSources(rest) };
}

export function stateDefinitions(state: State | undefined): Record<string, SourceDefinition> {
  const out: Record<string, SourceDefinition> = {};
  for (const [id, entry] of Object.entries(state?.sources ?? {})) out[id] = entry.definition;
  return out;
}

function sortedSources(sources: Record<string, StateSourceEntry>): Record<string, StateSourceEntry> {
  const out: Record<string, StateSourceEntry> = {};
  for (const id of Object.keys(sources).sort(compareText)) out[id] = sources[id] as StateSourceEntry;
  return out;
}
