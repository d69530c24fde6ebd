import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ApplyOptions } from '../apply/apply-plan.js';
import type { EnvironmentConfig } from '../config/types.js';
import { snapshotName, snapshotPath } from '../data/keep/snapshot-paths.js';
import type { KeepAccount } from '../data/keep/types.js';
import { isGraphformError } from '../diagnostics/errors.js';
import type { RemoteDefinition } from '../graph/types.js';
import { ownValue } from '../model/own.js';
import type { SourceDeclaration, SourceDefinition } from '../model/types.js';
import { summarize } from '../plan/policy.js';
import type { Plan, PlanSource } from '../plan/types.js';
import { requestLog, type WorkflowEnvironment } from './environment.js';
import type { LoadedProject } from './load-project.js';
import type { CountingSource } from './wipe-counts.js';

export interface KeepAccountInput {
  counting: CountingSource;
  remote: Readonly<Record<string, RemoteDefinition>>;
  project: LoadedProject;
  environment: EnvironmentConfig;
}

/** Whether the plan's source is a full update of a source the service holds: the PUT that deletes every item. */
export function wipesItems(source: PlanSource): boolean {
  return source.action === 'full' && source.requests.some((request) => request.kind === 'types.put');
}

/** Whether keep is on for a source: the declaration's `keep` and the environment's. */
export function keepEnabled(declaration: SourceDeclaration, environment: EnvironmentConfig): boolean {
  return environment.keep && declaration.keep?.enabled !== false;
}

/**
 * The plan with `keep` on every full update of a source the service holds: every item read
 * back and run through the keep step without writing anything, so the plan says per type
 * and language what the PUT deletes, what comes back from data files, what is carried over
 * and what is lost. `dataLoss` then follows what is lost: a wipe that keeps every item does
 * not lose data. An account that cannot be had keeps `dataLoss` (it says why).
 */
export async function withKeepAccounts(env: WorkflowEnvironment, plan: Plan, input: KeepAccountInput): Promise<Plan> {
  const declarations = new Map(input.project.declarations.map((d) => [d.id, d]));
  let changed = false;
  const sources: PlanSource[] = [];
  for (const source of plan.sources) {
    const { keep: _stale, ...rest } = source;
    const declaration = declarations.get(source.id);
    if (!wipesItems(source) || declaration === undefined) {
      sources.push(rest);
      continue;
    }
    const keep = await keepAccount(env, declaration, input);
    changed = true;
    sources.push({ ...rest, keep, dataLoss: !keep.known || keep.lost > 0 });
  }
  return changed ? { ...plan, sources, summary: summarize(sources) } : plan;
}

async function keepAccount(env: WorkflowEnvironment, declaration: SourceDeclaration, input: KeepAccountInput): Promise<KeepAccount> {
  const before = heldDefinition(declaration.id, input.remote);
  if (before === undefined) return { known: false, reason: `graphform does not know what source ${declaration.id} holds now (the service was not read)` };
  if ('unknown' in input.counting) return { known: false, reason: input.counting.unknown };
  try {
    const config = input.project.config;
    const { declaredDataKeys } = await import('../data/keep/data-keys.js');
    const dataKeys = await declaredDataKeys(declaration, { cwd: env.cwd, root: config.rootDir }, config.data);
    const { runKeep } = await import('../data/keep/run-keep.js');
    const run = await runKeep({
      endpoint: input.counting.endpoint,
      before,
      declaration,
      dataKeys,
      enabled: keepEnabled(declaration, input.environment),
      options: { timeoutMs: config.http.timeoutMs, maxAttempts: config.http.maxAttempts, ...requestLog(env), ...(env.signal === undefined ? {} : { signal: env.signal }) },
    });
    return run.account;
  } catch (error) {
    if (!isGraphformError(error)) throw error;
    return { known: false, reason: error.message };
  }
}

/** The definition the service answered while planning, if it was asked and holds the source. */
export function heldDefinition(id: string, remote: Readonly<Record<string, RemoteDefinition>>): SourceDefinition | undefined {
  const answer = ownValue(remote, id);
  return answer?.status === 'found' ? answer.definition : undefined;
}

/**
 * apply's keep step for a full update: the items read back and written to a snapshot under
 * the environment's local data folder (git-ignored, 0600), nothing sent; and the removal of
 * a snapshot once its items are served.
 */
export function keepHooks(env: WorkflowEnvironment, input: KeepAccountInput): Pick<ApplyOptions, 'keepItems' | 'removeSnapshot'> {
  const root = path.resolve(env.cwd, input.project.config.rootDir);
  return {
    keepItems: async (source, declaration) => {
      const before = heldDefinition(source.id, input.remote);
      const counting = input.counting;
      if (before === undefined) return { account: { known: false, reason: 'the service was not read while planning' }, before: declaration.definition };
      if ('unknown' in counting) return { account: { known: false, reason: counting.unknown }, before };
      const config = input.project.config;
      const { declaredDataKeys } = await import('../data/keep/data-keys.js');
    const dataKeys = await declaredDataKeys(declaration, { cwd: env.cwd, root: config.rootDir }, config.data);
      const file = snapshotPath(root, input.environment.name, source.id, env.now());
      const { runKeep } = await import('../data/keep/run-keep.js');
    const run = await runKeep({
        endpoint: counting.endpoint,
        before,
        declaration,
        dataKeys,
        enabled: keepEnabled(declaration, input.environment),
        snapshot: file,
        options: { timeoutMs: config.http.timeoutMs, maxAttempts: config.http.maxAttempts, ...requestLog(env), ...(env.signal === undefined ? {} : { signal: env.signal }) },
      });
      const snapshot = run.snapshot === undefined ? undefined : { snapshot: snapshotName(root, run.snapshot.path), hash: run.snapshot.hash, items: run.snapshot.items };
      return { account: run.account, before, ...(snapshot === undefined ? {} : { snapshot }) };
    },
    removeSnapshot: async (snapshot) => {
      await rm(path.resolve(root, snapshot.snapshot), { force: true });
    },
  };
}
