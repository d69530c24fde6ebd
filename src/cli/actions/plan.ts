import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { serializePlan } from '../../plan/plan-file.js';
import { detailedExitCode } from '../../plan/policy.js';
import type { CommandContext } from '../context.js';
import { openEnvironment } from '../open-environment.js';
import { planOptionsFrom, type PlanFlags } from '../plan-options.js';
import { loadValidProject, makePlan, refreshAll, type Refreshed } from '../planning.js';
import { renderPlanFor } from '../render-plan.js';
import { stateBackendFor } from '../runtime.js';
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
  let refreshed: Refreshed = { remote: {}, account: undefined };
  if (env.refresh && flags.refresh) {
    const opened = await openEnvironment(ctx, project.config, env);
    try {
      refreshed = await refreshAll(ctx, opened.client, project, state, options.targets);
    } finally {
      await opened.close();
    }
  }
  const result = makePlan(ctx, { project, state, remote: refreshed.remote, account: refreshed.account?.sources, options });
  ctx.out(renderPlanFor(ctx, result, flags.diff === true));
  if (flags.out !== undefined) {
    const file = path.resolve(ctx.io.cwd, flags.out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, serializePlan(result));
    ctx.err(`Saved the plan to ${flags.out}. Apply exactly it with \`graphform apply ${flags.out}\`.`);
  }
  return flags.detailedExitcode === true ? detailedExitCode(result) : 0;
}
