import { GraphformError } from '../diagnostics/errors.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { ownValue } from '../model/own.js';
import { withoutSource } from '../state/state.js';
import type { State, StateBackend, StateSourceEntry } from '../state/types.js';
import { withStateLock } from '../state/with-lock.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { stateBackendFor } from './internal/state-backend.js';
import { resolveSelection } from './internal/select.js';

/** One source as `state list` shows it. */
export interface StateSourceSummary {
  id: string;
  label: string;
  languages: string[];
  contentTypes: string[];
  hash: string;
  appliedAt: string;
  toolVersion: string;
}

/** The state of an environment in brief: undefined lineage and serial when nothing was applied yet. */
export interface StateListing {
  /** Where the state is kept (a file, an address), for messages. */
  description: string;
  lineage: string | undefined;
  serial: number | undefined;
  sources: StateSourceSummary[];
}

/** The state backend of the selected environment. */
export async function stateBackendOf(selection: ProjectSelection, host: WorkflowHost): Promise<StateBackend> {
  return stateBackendFor(host, (await resolveSelection(selection, host)).environment);
}

/** `graphform state list`: the sources the environment's state records. */
export async function stateList(selection: ProjectSelection, host: WorkflowHost): Promise<StateListing> {
  return listState(await stateBackendOf(selection, host));
}

/** `graphform state show <id>`: one source's entry; GF_STATE_SOURCE_NOT_FOUND (with a did-you-mean) when state has none. */
export async function stateShow(selection: ProjectSelection & { id: string }, host: WorkflowHost): Promise<{ id: string; entry: StateSourceEntry }> {
  return showState(await stateBackendOf(selection, host), selection.id);
}

/** `graphform state rm <id>`: graphform stops managing the source; the service keeps it and its items. */
export async function stateRm(
  selection: ProjectSelection & { id: string },
  host: WorkflowHost,
): Promise<{ removed: string; serialBefore: number; serialAfter: number }> {
  return removeFromState(await stateBackendOf(selection, host), selection.id, (text) => host.report({ kind: 'notice', text }));
}

/** `graphform state unlock <lockId>`: removes a stale lock; one whose holder still runs on this host only with `force`. */
export async function stateUnlock(
  selection: ProjectSelection & { lockId: string; force?: boolean },
  host: WorkflowHost,
): Promise<{ unlocked: string; holder: string | undefined }> {
  return unlockState(await stateBackendOf(selection, host), selection.lockId, selection.force === true);
}

export async function listState(backend: StateBackend): Promise<StateListing> {
  const state = await backend.read();
  return {
    description: backend.description,
    lineage: state?.lineage,
    serial: state?.serial,
    sources: Object.entries(state?.sources ?? {}).map(([id, entry]) => summaryOf(id, entry)),
  };
}

export async function showState(backend: StateBackend, id: string): Promise<{ id: string; entry: StateSourceEntry }> {
  return { id, entry: entryOf(await backend.read(), id, backend) };
}

/** Takes the lock while it reads and writes, so it cannot race an apply. */
export async function removeFromState(
  backend: StateBackend,
  id: string,
  notice?: (text: string) => void,
): Promise<{ removed: string; serialBefore: number; serialAfter: number }> {
  return withStateLock(
    backend,
    'state rm',
    async () => {
      const state = await backend.read();
      entryOf(state, id, backend);
      const next = withoutSource(state as State, id);
      await backend.write(next);
      return { removed: id, serialBefore: (state as State).serial, serialAfter: next.serial };
    },
    notice,
  );
}

export async function unlockState(backend: StateBackend, lockId: string, force: boolean): Promise<{ unlocked: string; holder: string | undefined }> {
  return { unlocked: lockId, holder: await backend.forceUnlock(lockId, { force }) };
}

function entryOf(state: State | undefined, id: string, backend: StateBackend): StateSourceEntry {
  // The id is the user's argument: `state show constructor` must not find Object.prototype's.
  const entry = ownValue(state?.sources, id);
  if (entry !== undefined) return entry;
  const known = Object.keys(state?.sources ?? {});
  throw new GraphformError('GF_STATE_SOURCE_NOT_FOUND', `Source ${id} is not in the state at ${backend.description}${didYouMean(id, known)}`, {
    details: { id, known },
    hint: known.length > 0 ? `Sources in state: ${known.join(', ')}` : 'The state holds no sources yet.',
  });
}

function summaryOf(id: string, entry: StateSourceEntry): StateSourceSummary {
  return {
    id,
    label: entry.definition.label ?? '',
    languages: [...entry.definition.languages],
    contentTypes: Object.keys(entry.definition.contentTypes),
    hash: entry.hash,
    appliedAt: entry.appliedAt,
    toolVersion: entry.toolVersion,
  };
}
