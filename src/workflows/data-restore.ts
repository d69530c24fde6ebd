import { rm } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { withPending } from '../state/state.js';
import type { PendingSnapshot, State } from '../state/types.js';
import { withStateLock } from '../state/with-lock.js';
import { loadSource, pushLoaded, type DataPushInput, type DataPushResult } from './data.js';
import type { WorkflowEnvironment } from './environment.js';
import { configFor } from './select.js';
import { stateBackendFor } from './state-backend.js';

export interface DataRestoreInput extends Omit<DataPushInput, 'source' | 'files'> {
  /** The snapshot file (relative to the working directory): one a keeping apply wrote, or any wire-form NDJSON of the source. */
  snapshot: string;
  /** The source to push it into; found from state (the snapshot it names) or the file name when absent. */
  source?: string;
}

export interface DataRestoreResult extends DataPushResult {
  source: string;
  /** Whether the file is the snapshot state named as pending, now pushed and served: the marker is cleared and the file removed. */
  finishedPending: boolean;
}

/** `news-20261127T120000000Z.ndjson` → news: how a keeping apply names its snapshots. */
const SNAPSHOT_NAME = /^([a-z0-9]{1,4})-\d{8}T\d{9}Z\.ndjson$/;

/**
 * `graphform data restore SNAPSHOT`: pushes a snapshot of kept items by hand, as `data push`
 * pushes a file (same validation, batching and served count), holding the state lock. When
 * it is the snapshot state names as pending for its source, and every item is served, the
 * marker's snapshot is cleared (the data: files, if any, stay pending for apply) and the file
 * is removed, as apply does.
 */
export async function dataRestore(input: DataRestoreInput, env: WorkflowEnvironment): Promise<DataRestoreResult> {
  const config = await configFor(input, env);
  const environment = config.resolveEnvironment(input.environment ?? config.defaultEnvironment);
  const backend = stateBackendFor(env, environment);
  const file = path.resolve(env.cwd, input.snapshot);
  const root = path.resolve(env.cwd, config.rootDir);
  return withStateLock(
    backend,
    `data restore ${input.snapshot}`,
    async () => {
      const state = await backend.read();
      const pending = pendingNaming(state, root, file);
      const source = input.source ?? pending?.id ?? SNAPSHOT_NAME.exec(path.basename(file))?.[1];
      if (source === undefined) {
        throw new GraphformError('GF_USAGE', `graphform cannot tell which source ${input.snapshot} belongs to: state names no pending snapshot there and the file name is not <source>-<time>.ndjson.`, {
          hint: `Name the source: \`graphform data restore ${input.snapshot} --source ID\`.`,
        });
      }
      const project = await loadSource(env, config, source);
      const result = await pushLoaded(env, { ...input, source, files: [input.snapshot] }, project, environment);
      const served = result.summary.status === 'sent' && (result.served === undefined || result.served.outcome === 'done');
      const finishedPending = served && pending !== undefined && pending.id === source;
      if (finishedPending && state !== undefined) {
        const entry = state.sources[source];
        const rest = entry?.pending === undefined || project.declaration.data.length === 0 ? undefined : { repush: entry.pending.repush };
        await backend.write(withPending(state, source, rest));
        await rm(file, { force: true });
      }
      return { ...result, source, finishedPending };
    },
    (text) => env.report({ kind: 'notice', text }),
  );
}

/** The source whose pending marker names this snapshot file, with the marker's snapshot. */
function pendingNaming(state: State | undefined, root: string, file: string): { id: string; snapshot: PendingSnapshot } | undefined {
  for (const [id, entry] of Object.entries(state?.sources ?? {})) {
    const snapshot = entry.pending?.keep;
    if (snapshot !== undefined && path.resolve(root, snapshot.snapshot) === file) return { id, snapshot };
  }
  return undefined;
}
