import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { serializePlan } from '../../plan/plan-file.js';
import { detailedExitCode } from '../../plan/policy.js';
import type { CommandContext } from '../context.js';
import { openEnvironment } from '../open-environment.js';
import { planOptionsFrom, type PlanFlags } from '../plan-options.js';
import { loadValidProject, makePlan, refreshIds, refreshRemote } from '../planning.js';
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
  let remote = {};
  if (env.refresh && flags.refresh) {
    const opened = await openEnvironment(ctx, project.config, env);
    try {
      const warn = (line: string): void => ctx.err(ctx.colorErr().yellow(`warning: ${line}`));
      remote = await refreshRemote(opened.client, refreshIds(project, state, options.targets), new Set(Object.keys(state?.sources ?? {})), warn);
    } finally {
      await opened.close();
    }
  }
  const result = makePlan(ctx, { project, state, remote, options });
  ctx.out(renderPlanFor(ctx, result, flags.diff === true));
  if (flags.out !== undefined) {
    const file = path.resolve(ctx.io.cwd, flags.out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, serializePlan(result));
    ctx.err(`Saved the plan to ${flags.out}. Apply exactly it with: graphform apply ${flags.out}`);
  }
  return flags.detailedExitcode === true ? detailedExitCode(result) : 0;
}
