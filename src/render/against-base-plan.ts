import { compareWithBase } from '../plan/base-plan.js';
import type { Plan } from '../plan/types.js';
import { alreadyPlannedNote, lossOnBaseNote } from './base-plan-note.js';

/** What `plan --base-plan` shows: the plan to show, the line under it, or why the two plans could not be compared. */
export interface BasePlanView {
  /** The plan without the sources the base plan plans the same way (its summary counted again); the whole plan when `mismatch` is set. */
  shown: Plan;
  /**
   * The lines under the plan: the sources left out ("Already planned on the base branch, not
   * by this change: …") and those whose loss the base branch already plans; absent when none.
   */
  note?: string;
  /** Why the plans cannot be compared (another environment, state changed between them): the plan is then shown whole. */
  mismatch?: string;
}

/**
 * What `graphform plan --base-plan FILE` does with the base branch's plan: a pull request's
 * comment shows what that pull request changes, not a change merged before it that still
 * waits. Plans that cannot be compared are shown whole: showing too much is safe, hiding a
 * change is not. Pure; `detailedExitCode(view.shown)` is the command's exit code.
 */
export function againstBasePlan(plan: Plan, base: Plan): BasePlanView {
  const compared = compareWithBase(plan, base);
  if ('mismatch' in compared) return { shown: plan, mismatch: compared.mismatch };
  const notes = [alreadyPlannedNote(compared.alreadyPlanned), lossOnBaseNote(compared.lossOnBase)].filter((n): n is string => n !== undefined);
  return notes.length === 0 ? { shown: compared.own } : { shown: compared.own, note: notes.join('\n\n') };
}
