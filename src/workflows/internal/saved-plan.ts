import path from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { readWholeFile } from '../../fs/read-whole-file.js';
import { hashDeclarations } from '../../model/hash.js';
import { checkPlanFreshness, stalePlanError } from '../../plan/freshness.js';
import { inferPlanOptions, planDifferences } from '../../plan/plan-differences.js';
import { parsePlanFile } from '../../plan/plan-file.js';
import type { Plan, PlanOptions } from '../../plan/types.js';
import type { State } from '../../state/types.js';
import type { WorkflowHost } from '../host.js';
import type { LoadedProject } from './load-project.js';

/** Makes a plan now, with the given options, against the current state and declarations. */
export type Replan = (options: PlanOptions) => Promise<Plan>;

/** Far more than any plan graphform writes; a larger file is not one, and is not read. */
const MAX_PLAN_FILE_BYTES = 256 << 20;

/** A plan file as read from the command line: the name the user gave, and the plan in it. */
export interface SavedPlanFile {
  planfile: string;
  plan: Plan;
}

/**
 * Reads a plan file, as a regular file only (a FIFO would block the read, and a blocked read
 * keeps the process from exiting even on a signal), before the state lock is taken: a plan
 * file that cannot be used stops apply before it holds anything.
 */
export async function readPlanFile(host: WorkflowHost, planfile: string): Promise<SavedPlanFile> {
  const hint = 'Save one with `graphform plan --out FILE`, and apply that file.';
  const bytes = await readWholeFile(path.resolve(host.cwd, planfile), {
    shown: `The plan file ${planfile}`,
    maxBytes: MAX_PLAN_FILE_BYTES,
    code: 'GF_PLAN_FILE_UNREADABLE',
    hint,
  });
  if (bytes === undefined) throw new GraphformError('GF_PLAN_FILE_UNREADABLE', `Cannot read the plan file ${planfile}: it does not exist.`, { hint });
  return { planfile, plan: parsePlanFile(bytes.toString('utf8'), planfile) };
}

/**
 * Refuses a saved plan when the state or the declarations are not those it was made
 * against, saying what changed: the state's lineage or serial, and per source how a plan
 * made now differs.
 */
export async function checkSavedPlan(
  { planfile, plan: saved }: SavedPlanFile,
  current: { project: LoadedProject; state: State | undefined; environment: string },
  replan: Replan,
): Promise<Plan> {
  const desiredHash = hashDeclarations(current.project.declarations);
  const freshness = checkPlanFreshness(saved, { state: current.state, desiredHash, environment: current.environment });
  if (freshness.fresh) return saved;
  const sameState = freshness.reasons.length === 1 && saved.desiredHash !== desiredHash;
  const details = sameState ? planDifferences(saved, await replan(inferPlanOptions(saved)), { declarationsChanged: true }) : [];
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
