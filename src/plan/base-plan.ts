import { canonicalJson } from '../model/canonical.js';
import { detailedExitCode, summarize } from './policy.js';
import type { Plan, PlanSource } from './types.js';

/**
 * Fields of a source entry that measure the service at the moment of planning rather than
 * say what the change does: two plans made a few seconds apart may count a different number
 * of items for the same change. Everything else (action, changes, requests, keep account,
 * data checks, reasons) must match for an entry to be the base's.
 */
const MEASURED_FIELDS = ['deletes'] as const;

/** A plan split against the plan of its base branch (`plan --base-plan FILE`). */
export type BaseComparison =
  | {
      /** The plan with only the sources whose entry differs from the base's, its summary counted again. */
      own: Plan;
      /** Sources whose entry is the same in the base plan and that do something there: planned by the base, not by this change. */
      alreadyPlanned: PlanSource[];
      /**
       * The base's entries of sources this change plans differently, where both plans lose
       * items: the loss (or part of it) is the base's, waiting there, not only this change's.
       */
      lossOnBase: PlanSource[];
    }
  | {
      /** Why the two plans cannot be compared; the plan is then shown whole. */
      mismatch: string;
    };

/**
 * Splits `plan` into what it changes against `base`, a plan of the base branch made against
 * the same environment and state: a pull request's comment then shows what that pull request
 * does, not a change merged before it that still waits (for approval, say). A source counts
 * as the base's when its entry, without the measured fields, is the same in both plans and it
 * would send something or finish pending work. Pure.
 */
export function compareWithBase(plan: Plan, base: Plan): BaseComparison {
  if (base.environment !== plan.environment) return { mismatch: `the base plan is for environment ${base.environment}, this one for ${plan.environment}` };
  if (stateOf(base) !== stateOf(plan))
    return { mismatch: `the base plan was made against state ${stateOf(base)}, this one against ${stateOf(plan)} (state changed between the two plans)` };
  const baseSources = new Map(base.sources.map((s) => [s.id, s]));
  const own: PlanSource[] = [];
  const alreadyPlanned: PlanSource[] = [];
  const lossOnBase: PlanSource[] = [];
  for (const source of plan.sources) {
    const baseSource = baseSources.get(source.id);
    const same = baseSource !== undefined && comparable(baseSource) === comparable(source);
    if (same && doesSomething(plan, source)) alreadyPlanned.push(source);
    else own.push(source);
    if (!same && baseSource?.dataLoss === true && source.dataLoss) lossOnBase.push(baseSource);
  }
  return { own: { ...plan, sources: own, summary: summarize(own) }, alreadyPlanned, lossOnBase };
}

function stateOf(plan: Plan): string {
  return plan.state === null ? 'none (no state yet)' : `${plan.state.lineage} serial ${plan.state.serial}`;
}

function comparable(source: PlanSource): string {
  const entry: Record<string, unknown> = { ...source };
  for (const field of MEASURED_FIELDS) delete entry[field];
  return canonicalJson(entry);
}

/** Whether the source alone would make `--detailed-exitcode` say something: a request, pending work, lost items. */
function doesSomething(plan: Plan, source: PlanSource): boolean {
  return detailedExitCode({ ...plan, sources: [source], summary: summarize([source]) }) !== 0;
}
