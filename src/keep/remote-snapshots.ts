import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ApplyOptions } from '../apply/apply-options.js';
import type { EnvironmentConfig } from '../config/types.js';
import { isGraphformError } from '../diagnostics/errors.js';
import type { PendingSnapshot, State } from '../state/types.js';
import type { WorkflowHost } from '../workflows/host.js';
import { snapshotStoreFor } from '../workflows/internal/state-backend.js';

/**
 * With remote state, apply's snapshots outlive the runner: each is copied beside the state
 * before state names it (so before the request that wipes), and the copy is removed with
 * the snapshot. Nothing for local state, whose snapshots sit beside it on this machine.
 */
export function remoteSnapshotHooks(
  host: WorkflowHost,
  environment: EnvironmentConfig,
  root: string,
): Pick<ApplyOptions, 'storeSnapshot' | 'removeStoredCopy'> {
  const remote = snapshotStoreFor(environment);
  if (remote === undefined) return {};
  return {
    storeSnapshot: async (id, snapshot) => (await import('./remote-snapshot.js')).storeSnapshot(root, snapshot, id, remote.store, remote.partBytes),
    removeStoredCopy: (snapshot) => removeStoredCopy(host, environment, snapshot),
  };
}

/**
 * Removes a snapshot's copy beside the state once state no longer names it. A failure only
 * leaves a copy no run reads again: it is told, not fatal.
 */
export async function removeStoredCopy(host: WorkflowHost, environment: EnvironmentConfig, snapshot: PendingSnapshot): Promise<void> {
  const remote = snapshotStoreFor(environment);
  if (snapshot.remote === undefined || remote === undefined) return;
  try {
    await (await import('./remote-snapshot.js')).removeStoredSnapshot(snapshot.remote, remote.store);
  } catch (error) {
    if (!isGraphformError(error)) throw error;
    host.report({
      kind: 'notice',
      text:
        `The copy of ${snapshot.snapshot} beside the state (${snapshot.remote.name}-1 … -${snapshot.remote.parts}) was not removed: ` +
        `${error.message}. State no longer names it; remove it on the state server.`,
    });
  }
}

/**
 * The pending snapshots state names that are not on this machine (a fresh checkout, another
 * CI runner), fetched from their copies beside the state and checked, so apply finishes
 * them as the runner that wrote them would. One that cannot be fetched is told and left: the
 * source's re-push then stops with GF_KEEP_SNAPSHOT_MISSING, its marker kept.
 */
export async function fetchPendingSnapshots(host: WorkflowHost, environment: EnvironmentConfig, state: State | undefined, root: string): Promise<void> {
  for (const [id, entry] of Object.entries(state?.sources ?? {})) {
    const snapshot = entry.pending?.keep;
    if (snapshot === undefined) continue;
    try {
      await fetchIfMissing(environment, root, snapshot, id);
    } catch (error) {
      if (!isGraphformError(error)) throw error;
      host.report({ kind: 'notice', text: error.message });
    }
  }
}

/** The pending snapshot's file, fetched from its copy beside the state when this machine lacks it (throws GF_KEEP_SNAPSHOT_REMOTE when it cannot be). */
export async function fetchIfMissing(environment: EnvironmentConfig, root: string, snapshot: PendingSnapshot, sourceId: string): Promise<void> {
  const file = path.resolve(root, snapshot.snapshot);
  if (
    snapshot.remote === undefined ||
    (await stat(file).then(
      () => true,
      () => false,
    ))
  )
    return;
  const remote = snapshotStoreFor(environment);
  if (remote === undefined) return;
  await (await import('./remote-snapshot.js')).fetchSnapshot(root, { ...snapshot, remote: snapshot.remote }, sourceId, remote.store);
}
