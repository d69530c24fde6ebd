import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { breakingChangesError, breakingGraphqlChanges } from '../../graphql-impact/policy.js';
import { serializePlan } from '../../plan/plan-file.js';
import { detailedExitCode } from '../../plan/policy.js';
import type { Plan } from '../../plan/types.js';
import type { CommandContext } from '../context.js';
import { openEnvironment } from '../../workflows/open-environment.js';
import { planOptionsFrom, type PlanFlags } from '../plan-options.js';
import { loadValidProject, makePlan, refreshAll, type Refreshed } from '../../workflows/planning.js';
import { renderPlanFor } from '../render-plan.js';
import { stateBackendFor } from '../../workflows/runtime.js';
import { countingSourceFor, withDeleteCounts } from '../../workflows/wipe-counts.js';
import { invalidDataError, invalidDataSources, reportInvalidData, withDataChecks } from '../../workflows/check-declared-data.js';
import { writeFileAtomic } from '../../fs/atomic-file.js';

export interface PlanCommandFlags extends PlanFlags {
  out?: string;
  detailedExitcode?: boolean;
}


export async function plan(ctx: CommandContext, flags: PlanCommandFlags): Promise<number> {
  const env = await ctx.environment();
  const state = await stateBackendFor(ctx, env).read();
  const project = await loadValidProject(ctx, state);
  const options = planOptionsFrom(flags, env.name);
  // Open while planning: the refresh reads the service, and the count of what a wipe deletes asks it after buildPlan.
  const opened = env.refresh && flags.refresh ? await openEnvironment(ctx, project.config, env) : undefined;
  let result: Plan;
  try {
    const refreshed: Refreshed = opened === undefined ? { remote: {}, account: undefined } : await refreshAll(ctx, opened.client, project, state, options.targets);
    const made = await makePlan(ctx, { project, state, remote: refreshed.remote, account: refreshed.account?.sources, options });
    const counted = await withDeleteCounts(ctx, made, { counting: countingSourceFor(env, opened), remote: refreshed.remote, state, http: project.config.http });
    // The data files apply would push are checked as apply checks them, so the review sees what apply would refuse.
    result = await withDataChecks(ctx, counted, project, state);
  } finally {
    await opened?.close();
  }
  ctx.out(renderPlanFor(ctx, result, flags.diff === true));
  // Policy: shown first so the reviewer sees the whole plan, then an error and no plan file.
  const breaking = project.config.failOnBreaking ? breakingGraphqlChanges(result) : [];
  if (breaking.length > 0) throw breakingChangesError(breaking, 'planned');
  const invalid = invalidDataSources(result);
  if (invalid.length > 0) {
    reportInvalidData(ctx, invalid);
    throw invalidDataError(invalid);
  }
  if (flags.out !== undefined) {
    const file = path.resolve(ctx.io.cwd, flags.out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, serializePlan(result));
    ctx.err(`Saved the plan to ${flags.out}. Apply exactly it with \`graphform apply ${flags.out}\`.`);
  }
  return flags.detailedExitcode === true ? detailedExitCode(result) : 0;
}
