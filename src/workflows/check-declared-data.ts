import { DATA_ERROR_CODES } from '../data/codes.js';
import { GraphformError } from '../diagnostics/errors.js';
import type { DataCheck, Plan, PlanSource } from '../plan/types.js';
import type { State } from '../state/types.js';
import type { WorkflowEnvironment } from './environment.js';
import type { LoadedProject } from './load-project.js';
import { workersFromBytes } from './workers-from.js';

/**
 * Checks the `data:` files of every source that applying `plan` would push (see dataPushes)
 * with the re-push's own validator and options, and attaches the result to those sources
 * as `data`. Only those sources are read; a check a saved plan carries is replaced, since
 * the files may have changed since it was made.
 */
export async function withDataChecks(env: WorkflowEnvironment, plan: Plan, project: LoadedProject, state: State | undefined): Promise<Plan> {
  // Only a source with `data:` files can be pushed: without one, the data pipeline is not even loaded.
  if (!project.declarations.some((d) => d.data.length > 0)) return { ...plan, sources: plan.sources.map(({ data: _stale, ...rest }) => rest) };
  const [{ dataPushes }, { checkDeclaredData }] = await Promise.all([import('./data-pushes.js'), import('../data/repush.js')]);
  const pushes = new Map(dataPushes(plan, state, project.declarations).map((p) => [p.declaration.id, p]));
  const sources: PlanSource[] = [];
  for (const source of plan.sources) {
    const { data: _stale, ...rest } = source;
    const push = pushes.get(source.id);
    const checked = push === undefined ? undefined : await checkDeclaredData({ declaration: push.declaration, config: project.config.data, cwd: env.cwd, root: project.config.rootDir, workersFromBytes: workersFromBytes(env.variables) });
    if (push === undefined || checked === undefined) {
      sources.push(rest);
      continue;
    }
    const { validation } = checked;
    const data: DataCheck = { push: push.push, files: checked.files, items: validation.items, errors: validation.errors, warnings: validation.warnings, diagnostics: validation.diagnostics };
    sources.push({ ...rest, data });
  }
  return { ...plan, sources };
}

/** Sources whose data files apply would push and refuse: any error. */
export function invalidDataSources(plan: Plan): PlanSource[] {
  return plan.sources.filter((s) => (s.data?.errors ?? 0) > 0);
}

/** plan's refusal: the plan was printed; invalid data would stop apply, so plan fails now. */
export function invalidDataError(invalid: readonly PlanSource[]): GraphformError {
  return new GraphformError(DATA_ERROR_CODES.invalidData, `The data files of ${invalid.map((s) => s.id).join(', ')} are not valid; apply would refuse this plan. No plan file was saved.`, {
    hint: 'Fix the data files named above, or the declarations they no longer fit (`graphform data validate <source>` checks them), then plan again.',
  });
}
