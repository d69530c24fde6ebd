import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ApplyOptions } from '../apply/apply-options.js';
import type { KeptItems } from './keep-step.js';
import type { EnvironmentConfig } from '../config/types.js';
import { keepLosesData } from './types.js';
import { snapshotFolder, snapshotName, snapshotPath } from './snapshot-paths.js';
import { isGraphformError } from '../diagnostics/errors.js';
import type { RemoteDefinition } from '../graph/types.js';
import { ownValue } from '../model/own.js';
import type { SourceDeclaration, SourceDefinition } from '../model/types.js';
import { summarize } from '../plan/policy.js';
import { carriesItems, renamesWireFields } from '../plan/wire-renames.js';
import type { Plan, PlanSource } from '../plan/types.js';
import { requestLog, type WorkflowHost } from '../workflows/host.js';
import type { LoadedProject } from '../workflows/internal/load-project.js';
import { remoteSnapshotHooks, removeStoredCopy } from './remote-snapshots.js';
import type { CountingSource } from './wipe-counts.js';
import { unservedCount, withUnservedValues } from './unserved-values.js';

export interface KeepAccountInput {
  counting: CountingSource;
  remote: Readonly<Record<string, RemoteDefinition>>;
  project: LoadedProject;
  environment: EnvironmentConfig;
}

/** Whether keep is on for a source: the declaration's `keep` and the environment's. */
export function keepEnabled(declaration: SourceDeclaration, environment: EnvironmentConfig): boolean {
  return environment.keep && declaration.keep?.enabled !== false;
}

/**
 * Snapshots the plan's own read wrote, for apply to send from without reading every item
 * again: only when nothing waits between planning and sending (no confirmation asked),
 * since items pushed by others meanwhile would not be in them. Whatever apply does not use
 * is removed by `discard`.
 */
export class PreparedSnapshots {
  private readonly kept = new Map<string, KeptItems>();

  constructor(readonly root: string) {}

  set(id: string, kept: KeptItems): void {
    this.kept.set(id, kept);
  }

  /** The prepared keep step of a source, once: taken, it is apply's to finish or remove. */
  take(id: string): KeptItems | undefined {
    const kept = this.kept.get(id);
    this.kept.delete(id);
    return kept;
  }

  async discard(): Promise<void> {
    for (const kept of this.kept.values()) if (kept.snapshot !== undefined) await rm(path.resolve(this.root, kept.snapshot.snapshot), { force: true });
    this.kept.clear();
  }
}

/**
 * The plan with `keep` on every full update of a source the service holds, and on every
 * partial update that renames fields in data lines (`keep.rename`): every item read
 * back and run through the keep step, so the plan says per type and language what the PUT
 * deletes, what comes back from data files, what is carried over and what is lost.
 * `dataLoss` then follows what is lost: a wipe that keeps every item does not lose data. An
 * account that cannot be had keeps `dataLoss` (it says why). With `prepared` (apply, when
 * nothing waits before sending), the read also writes each source's snapshot.
 */
export async function withKeepAccounts(host: WorkflowHost, plan: Plan, input: KeepAccountInput, prepared?: PreparedSnapshots): Promise<Plan> {
  const declarations = new Map(input.project.declarations.map((d) => [d.id, d]));
  let changed = false;
  const sources: PlanSource[] = [];
  for (const source of plan.sources) {
    const { keep: _stale, ...rest } = source;
    const declaration = declarations.get(source.id);
    if (!carriesItems(source) || declaration === undefined) {
      sources.push(rest);
      continue;
    }
    let kept: KeptItems;
    try {
      kept = await readBack(
        host,
        source,
        declaration,
        input,
        prepared === undefined ? undefined : snapshotPath(prepared.root, input.environment.name, source.id, host.now()),
      );
    } catch (error) {
      if (!isGraphformError(error)) throw error;
      kept = { account: { known: false, reason: `${error.message} (${error.code})` }, before: declaration.definition };
    }
    // A renaming partial update whose items hold no value under a renamed field has nothing to carry over.
    if (kept.account.known && kept.account.rename === true && kept.account.deleted === 0 && unservedCount(kept.account) === 0) {
      sources.push(rest);
      continue;
    }
    if (kept.snapshot !== undefined) prepared?.set(source.id, kept);
    changed = true;
    // Values of a property the service does not serve are lost as surely as items are.
    sources.push({ ...rest, keep: kept.account, dataLoss: keepLosesData(kept.account) });
  }
  return changed ? { ...plan, sources, summary: summarize(sources) } : plan;
}

/**
 * The keep step short of sending: every item of the source read back with the admin
 * credentials, carried over and validated, and written to `snapshot` when given. An account
 * of `{known: false}` when the service was not read or cannot be counted.
 */
async function readBack(
  host: WorkflowHost,
  source: PlanSource,
  declaration: SourceDeclaration,
  input: KeepAccountInput,
  snapshot: string | undefined,
): Promise<KeptItems> {
  const before = heldDefinition(declaration.id, input.remote);
  if (before === undefined)
    return {
      account: { known: false, reason: `graphform does not know what source ${declaration.id} holds now (the service was not read)` },
      before: declaration.definition,
    };
  const counting = input.counting;
  if ('unknown' in counting) return { account: { known: false, reason: counting.unknown }, before };
  const config = input.project.config;
  const { declaredDataKeys } = await import('./data-keys.js');
  const dataKeys = await declaredDataKeys(declaration, { cwd: host.cwd, root: config.rootDir }, config.data);
  const { runKeep } = await import('./run-keep.js');
  const root = path.resolve(host.cwd, config.rootDir);
  const run = await runKeep({
    endpoint: counting.endpoint,
    ...(counting.publicEndpoint === undefined ? {} : { publicEndpoint: counting.publicEndpoint }),
    before,
    declaration,
    dataKeys,
    enabled: keepEnabled(declaration, input.environment),
    rename: renamesWireFields(source),
    ...(snapshot === undefined ? {} : { snapshot: { file: snapshot, root } }),
    options: {
      timeoutMs: config.http.timeoutMs,
      maxAttempts: config.http.maxAttempts,
      ...requestLog(host),
      ...(host.signal === undefined ? {} : { signal: host.signal }),
    },
  });
  const written =
    run.snapshot === undefined ? undefined : { snapshot: snapshotName(root, run.snapshot.path), hash: run.snapshot.hash, items: run.snapshot.items };
  const account = withUnservedValues(run.account, source.outside, declaration.definition);
  return { account, before, ...(written === undefined ? {} : { snapshot: written }) };
}

/** The definition the service answered while planning, if it was asked and holds the source. */
export function heldDefinition(id: string, remote: Readonly<Record<string, RemoteDefinition>>): SourceDefinition | undefined {
  const answer = ownValue(remote, id);
  return answer?.status === 'found' ? answer.definition : undefined;
}

/**
 * apply's keep step for a full update: the items read back and written to a snapshot under
 * the environment's local data folder (git-ignored, 0600), nothing sent (or the snapshot the
 * plan's read already wrote, from `prepared`), copied beside remote state; and the removal
 * of a snapshot (and its copy) once its items are served.
 */
export function keepHooks(
  host: WorkflowHost,
  input: KeepAccountInput,
  prepared?: PreparedSnapshots,
): Pick<ApplyOptions, 'keepItems' | 'removeSnapshot' | 'pruneSnapshots' | 'mergeSnapshots' | 'storeSnapshot' | 'removeStoredCopy'> {
  const root = path.resolve(host.cwd, input.project.config.rootDir);
  return {
    ...remoteSnapshotHooks(host, input.environment, root),
    keepItems: async (source, declaration) => {
      const taken = prepared?.take(source.id);
      if (taken !== undefined) return taken;
      try {
        return await readBack(host, source, declaration, input, snapshotPath(root, input.environment.name, source.id, host.now()));
      } catch (error) {
        // Items that cannot be read back count as lost: apply's keep check stops the source unless that is allowed.
        // Not when the read was interrupted: losing the items was never decided, so no PUT may follow.
        if (!isGraphformError(error) || host.signal?.aborted === true) throw error;
        return {
          account: { known: false, reason: `${error.message} (${error.code})` },
          before: heldDefinition(source.id, input.remote) ?? declaration.definition,
        };
      }
    },
    removeSnapshot: async (snapshot) => {
      await rm(path.resolve(root, snapshot.snapshot), { force: true });
      await removeStoredCopy(host, input.environment, snapshot);
    },
    mergeSnapshots: async (id, fresh, owed) => {
      const declaration = input.project.declarations.find((d) => d.id === id);
      const config = input.project.config;
      const fromFiles =
        declaration === undefined
          ? new Set<string>()
          : await (await import('./data-keys.js')).declaredDataKeys(declaration, { cwd: host.cwd, root: config.rootDir }, config.data);
      return (await import('./merge-snapshots.js')).mergePendingSnapshot(root, fresh, owed, id, fromFiles);
    },
    pruneSnapshots: async (id, current) => {
      const folder = snapshotFolder(root, input.environment.name);
      const names = await readdir(folder).catch(() => [] as string[]);
      const keep = path.basename(current.snapshot);
      for (const name of names) if (name.startsWith(`${id}-`) && name.endsWith('.ndjson') && name !== keep) await rm(path.join(folder, name), { force: true });
    },
  };
}
