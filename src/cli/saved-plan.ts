import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { hashDeclarations } from '../model/hash.js';
import { checkPlanFreshness, stalePlanError } from '../plan/freshness.js';
import { inferPlanOptions, planDifferences } from '../plan/plan-differences.js';
import { parsePlanFile } from '../plan/plan-file.js';
import type { Plan, PlanOptions } from '../plan/types.js';
import type { State } from '../state/types.js';
import type { CommandContext } from './context.js';
import type { LoadedProject } from '../workflows/load-project.js';

/** Makes a plan now, with the given options, against the current state and declarations. */
export type Replan = (options: PlanOptions) => Promise<Plan>;

/**
 * Reads a plan file and refuses it when the state or the declarations are not those it was
 * made against, saying what changed: the state's lineage or serial, and per source how a
 * plan made now differs.
 */
export async function readSavedPlan(
  ctx: CommandContext,
  planfile: string,
  current: { project: LoadedProject; state: State | undefined; environment: string },
  replan: Replan,
): Promise<Plan> {
  let text: string;
  try {
    text = await readFile(path.resolve(ctx.io.cwd, planfile), 'utf8');
  } catch (error) {
    throw new GraphformError('GF_PLAN_FILE_UNREADABLE', `Cannot read the plan file ${planfile}: ${(error as Error).message}`, {
      hint: 'Save one with `graphform plan --out FILE`.',
    });
  }
  const saved = parsePlanFile(text, planfile);
  const desiredHash = hashDeclarations(current.project.declarations);
  const freshness = checkPlanFreshness(saved, { state: current.state, desiredHash, environment: current.environment });
  if (freshness.fresh) return saved;
  const sameState = freshness.reasons.length === 1 && saved.desiredHash !== desiredHash;
  const details = sameState ? planDifferences(saved, await replan(inferPlanOptions(saved))) : [];
  throw stalePlanError(planfile, [...freshness.reasons, ...details]);
}

/**
 * A plan file is applied as it is, so it must still say what would happen: a plan made now
 * with the same options must send the same requests with the same data-loss flags. This
 * catches a service that changed since the plan was made, and a file edited by hand.
 */
export async function verifySavedPlan(planfile: string, saved: Plan, replan: Replan): Promise<void> {
  const differences = planDifferences(saved, await replan(inferPlanOptions(saved)));
  if (differences.length > 0) throw stalePlanError(planfile, differences);
}
