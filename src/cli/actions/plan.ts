import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../fs/atomic-file.js';
import { breakingChangesError } from '../../graphql-impact/policy.js';
import { isFailure, operationsError, operationsFailure } from '../../operations/policy.js';
import { serializePlan } from '../../plan/plan-file.js';
import type { Plan } from '../../plan/types.js';
import { detailedExitCode } from '../../plan/policy.js';
import { invalidDataError } from '../../workflows/internal/check-declared-data.js';
import { blockedKeepError } from '../../keep/keep-blocked.js';
import { plan as planWorkflow } from '../../workflows/plan.js';
import { PLAN_INTERRUPTED } from '../../workflows/internal/plan-interrupted.js';
import { isGraphformError } from '../../diagnostics/errors.js';
import { exitCodeAfter, noInterrupts } from '../interrupts.js';
import { againstBase, readBasePlan, withNote } from '../base-plan.js';
import type { CommandContext } from '../context.js';
import { planInputFrom, type PlanFlags } from '../plan-options.js';
import { renderPlanFor } from '../render-plan.js';
import { reportInvalidData } from '../report-invalid-data.js';
import { workflowHostFor } from '../workflow-host.js';

export interface PlanCommandFlags extends PlanFlags {
  out?: string;
  detailedExitcode?: boolean;
  /** A plan of the base branch: the sources it plans the same way are left out of the rendering and the exit code. */
  basePlan?: string;
}

export async function plan(ctx: CommandContext, flags: PlanCommandFlags): Promise<number> {
  const base = flags.basePlan === undefined ? undefined : await readBasePlan(ctx, flags.basePlan);
  // SIGINT/SIGTERM stop planning between requests, as they stop apply: the embedded emulator is closed, no plan file is written.
  const trap = ctx.io.trapInterrupts?.() ?? noInterrupts();
  try {
    return exitCodeAfter(trap, await planned(ctx, flags, base, trap.signal));
  } catch (error) {
    if (!isGraphformError(error) || error.code !== PLAN_INTERRUPTED || trap.received() === undefined) throw error;
    ctx.err('Planning interrupted: no plan was made or saved, and nothing was sent.');
    return exitCodeAfter(trap, 1);
  } finally {
    trap.release();
  }
}

async function planned(ctx: CommandContext, flags: PlanCommandFlags, base: Plan | undefined, signal: AbortSignal): Promise<number> {
  const {
    plan: result,
    breaking,
    invalidData,
    blocked,
  } = await planWorkflow(
    { config: await ctx.loadConfig(), environment: (await ctx.environment()).name, ...planInputFrom(flags) },
    workflowHostFor(ctx, signal),
  );
  // --base-plan narrows what is shown and the exit code, never the saved file: that stays the whole plan, applicable as it is.
  const { shown, note } = againstBase(ctx, result, base);
  ctx.out(withNote(ctx, renderPlanFor(ctx, shown, flags.diff === true), note));
  // Policy: shown first so the reviewer sees the whole plan, then an error and no plan file.
  if (breaking.length > 0) throw breakingChangesError(breaking, 'planned');
  const failing = operationsFailure(result.operations);
  if (isFailure(failing)) throw operationsError(failing, result.operations?.failOn ?? 'broken', 'planned');
  if (invalidData.length > 0) {
    reportInvalidData(ctx, invalidData);
    throw invalidDataError(invalidData);
  }
  if (blocked.length > 0) throw blockedKeepError(blocked);
  if (flags.out !== undefined) {
    const file = path.resolve(ctx.io.cwd, flags.out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, serializePlan(result));
    // The next step must be one that works: a plan that loses items is applied only with --allow-data-loss (exit 3 without it).
    const next = result.summary.dataLoss ? `graphform apply ${flags.out} --allow-data-loss` : `graphform apply ${flags.out}`;
    ctx.err(
      `Saved the plan to ${flags.out}. ` +
        `${result.summary.dataLoss ? 'It loses items: once that is reviewed and intended, apply' : 'Apply'} exactly it with \`${next}\`.`,
    );
  }
  return flags.detailedExitcode === true ? detailedExitCode(shown) : 0;
}
