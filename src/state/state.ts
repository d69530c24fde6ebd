import { compareText } from '../model/canonical.js';
import { hashDefinition } from '../model/hash.js';
import { ownValue, recordFrom, setOwn } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { STATE_FORMAT_VERSION, type DataLedger, type PendingWork, type State, type StateSourceEntry } from './types.js';

/** A new, empty state; `lineage` is a fresh UUID chosen by the caller. */
export function emptyState(lineage: string): State {
  return { formatVersion: STATE_FORMAT_VERSION, lineage, serial: 0, sources: {} };
}

export function stateEntry(definition: SourceDefinition, appliedAt: string, toolVersion: string): StateSourceEntry {
  return { definition, hash: hashDefinition(definition), appliedAt, toolVersion };
}

/** The state with `id` set to `entry`; serial + 1. */
export function withSource(state: State, id: string, entry: StateSourceEntry): State {
  const sources = { ...state.sources };
  setOwn(sources, id, entry);
  return { ...state, serial: state.serial + 1, sources: sortedSources(sources) };
}

/** The state with `id`'s entry marked (or, with undefined, cleared of) pending work; serial + 1. */
export function withPending(state: State, id: string, pending: PendingWork | undefined): State {
  const entry = ownValue(state.sources, id);
  if (entry === undefined) throw new Error(`no state entry for source ${id} to mark pending work on`);
  const { pending: _previous, ...rest } = entry;
  return withSource(state, id, pending === undefined ? rest : { ...rest, pending });
}

/** The state with `id`'s data ledger replaced (undefined: removed); serial + 1. */
export function withLedger(state: State, id: string, data: DataLedger | undefined): State {
  const entry = ownValue(state.sources, id);
  if (entry === undefined) throw new Error(`no state entry for source ${id} to record its data ledger on`);
  const { data: _previous, ...rest } = entry;
  return withSource(state, id, data === undefined ? rest : { ...rest, data });
}

/** The state without `id`; serial + 1. */
export function withoutSource(state: State, id: string): State {
  const { [id]: _removed, ...rest } = state.sources;
  return { ...state, serial: state.serial + 1, sources: sortedSources(rest) };
}

export function stateDefinitions(state: State | undefined): Record<string, SourceDefinition> {
  return recordFrom(Object.entries(state?.sources ?? {}).map(([id, entry]) => [id, entry.definition] as const));
}

function sortedSources(sources: Record<string, StateSourceEntry>): Record<string, StateSourceEntry> {
  return recordFrom(
    Object.keys(sources)
      .sort(compareText)
      .map((id) => [id, sources[id] as StateSourceEntry] as const),
  );
}
