import { rm } from 'node:fs/promises';
import path from 'node:path';
import { repushMarker } from '../apply/pending.js';
import { GraphformError } from '../diagnostics/errors.js';
import { withPending } from '../state/state.js';
import type { PendingSnapshot, State } from '../state/types.js';
import { withStateLock } from '../state/with-lock.js';
import { loadSource, pushLoaded, type DataPushInput, type DataPushResult } from './data.js';
import type { WorkflowHost } from './host.js';
import { fetchIfMissing, removeStoredCopy } from '../keep/remote-snapshots.js';
import { configFor } from './internal/select.js';
import { stateBackendFor } from './internal/state-backend.js';

export interface DataRestoreInput extends Omit<DataPushInput, 'source' | 'files'> {
  /** The snapshot file (relative to the working directory): one a keeping apply wrote, or any wire-form NDJSON of the source. */
  snapshot: string;
  /** The source to push it into; found from state (the snapshot it names) or the file name when absent. */
  source?: string;
  /**
   * The file is the pending snapshot state names, but its bytes changed (truncated, edited):
   * push what it holds and forget the recorded items it no longer holds, instead of refusing.
   */
  forgetMissingItems?: boolean;
}

export interface DataRestoreResult extends DataPushResult {
  source: string;
  /** Whether the file is the snapshot state named as pending, now pushed and served: the marker is cleared and the file removed. */
  finishedPending: boolean;
  /**
   * With forgetMissingItems, for a snapshot whose bytes changed: the marker is cleared once
   * every item the file holds is served, forgetting what the recorded snapshot held beyond
   * them; the file is kept.
   */
  forgotten?: { recordedItems: number; pushedItems: number };
  /** Why the pending marker that names this file stays (the items were not all counted as served). */
  stillPending?: string;
}

/** `news-20261127T120000000Z.ndjson` → news: how a keeping apply names its snapshots. */
const SNAPSHOT_NAME = /^([a-z0-9]{1,4})-\d{8}T\d{9}Z\.ndjson$/;

/**
 * `graphform data restore SNAPSHOT`: pushes a snapshot of kept items by hand, as `data push`
 * pushes a file (same validation, batching and served count), holding the state lock. When
 * it is the snapshot state names as pending for its source, its bytes must be the ones that
 * were written (else it is refused, unless forgetMissingItems), and the marker's snapshot is
 * cleared only once every item it recorded is counted as served through GraphQL (the data:
 * files, if any, stay pending for apply); the file and its copy beside remote state are then
 * removed, as apply does. A runner without the file fetches it from that copy first.
 */
export async function dataRestore(input: DataRestoreInput, host: WorkflowHost): Promise<DataRestoreResult> {
  const config = await configFor(input, host);
  const environment = config.resolveEnvironment(input.environment ?? config.defaultEnvironment);
  const backend = stateBackendFor(host, environment);
  const file = path.resolve(host.cwd, input.snapshot);
  const root = path.resolve(host.cwd, config.rootDir);
  return withStateLock(
    backend,
    `data restore ${input.snapshot}`,
    async () => {
      const state = await backend.read();
      const named = pendingNaming(state, root, file);
      // Restored where it is kept: a runner without the file fetches it from beside the state.
      if (named !== undefined) await fetchIfMissing(environment, root, named.snapshot, named.id);
      const source = input.source ?? named?.id ?? SNAPSHOT_NAME.exec(path.basename(file))?.[1];
      if (source === undefined) {
        throw new GraphformError(
          'GF_USAGE',
          `graphform cannot tell which source ${input.snapshot} belongs to: ` +
            'state names no pending snapshot there and the file name is not <source>-<time>.ndjson.',
          {
            hint: `Name the source: \`graphform data restore ${input.snapshot} --source ID\`.`,
          },
        );
      }
      const pending = named?.id === source ? named.snapshot : undefined;
      const changed = pending === undefined ? false : await changedSnapshot(file, pending, input, source);
      const project = await loadSource(host, config, source);
      const result = await pushLoaded(host, { ...input, source, files: [input.snapshot] }, project, environment);
      const base = { ...result, source, finishedPending: false };
      if (pending === undefined || state === undefined) return base;
      const stillPending = unserved(result, changed ? undefined : pending);
      if (stillPending !== undefined) return { ...base, stillPending };
      const entry = state.sources[source];
      // The data: files' own re-push is not this command's to finish: apply pushes them.
      const rest =
        entry?.pending === undefined || project.declaration.data.length === 0
          ? undefined
          : repushMarker({ id: source, action: 'full' }, new Date(entry.pending.repush.since));
      await backend.write(withPending(state, source, rest));
      await removeStoredCopy(host, environment, pending);
      if (changed) return { ...base, forgotten: { recordedItems: pending.items, pushedItems: result.summary.itemsSent } };
      await rm(file, { force: true });
      return { ...base, finishedPending: true };
    },
    (text) => host.report({ kind: 'notice', text }),
  );
}

/**
 * Whether the pending snapshot's bytes changed since it was written; a changed one is
 * refused unless the caller chose to forget the recorded items it no longer holds.
 */
async function changedSnapshot(file: string, pending: PendingSnapshot, input: DataRestoreInput, source: string): Promise<boolean> {
  const { snapshotHash } = await import('../keep/snapshot-file.js');
  const hash = await snapshotHash(file).catch(() => undefined);
  // A file that cannot be read is the push's to report, with its own code.
  if (hash === undefined || hash === pending.hash) return false;
  if (input.forgetMissingItems === true) return true;
  const { snapshotChangedError } = await import('../keep/restore-items.js');
  throw snapshotChangedError(pending.snapshot, source, input.snapshot);
}

/**
 * Why the marker must stay after the push, or undefined when every item is counted as
 * served: every item of `recorded` (the snapshot state names), or, for a changed file the
 * caller chose to forget the rest of, every item the file held.
 */
function unserved(result: DataPushResult, recorded: PendingSnapshot | undefined): string | undefined {
  const { summary, served } = result;
  if (summary.status !== 'sent') return `the push ended ${summary.status}`;
  if (served === undefined) return 'what GraphQL serves was not counted (--no-wait)';
  if (served.outcome !== 'done') return `GraphQL serves ${served.served ?? 'an unknown number'} of the ${served.sent} items sent`;
  if (recorded !== undefined && summary.itemsSent < recorded.items) return `${summary.itemsSent} of the ${recorded.items} items it records were sent`;
  return undefined;
}

/** The source whose pending marker names this snapshot file, with the marker's snapshot. */
function pendingNaming(state: State | undefined, root: string, file: string): { id: string; snapshot: PendingSnapshot } | undefined {
  for (const [id, entry] of Object.entries(state?.sources ?? {})) {
    const snapshot = entry.pending?.keep;
    if (snapshot !== undefined && path.resolve(root, snapshot.snapshot) === file) return { id, snapshot };
  }
  return undefined;
}
