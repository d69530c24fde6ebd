import type { Plan } from '../plan/types.js';
import { changeLine, type ChangeSymbol } from './plan-change-line.js';

/** Each source that changed in the service outside graphform since the last apply, with those changes as lines. */
export function outsideChanges(plan: Plan): Array<{ id: string; lines: Array<{ symbol: ChangeSymbol; text: string }> }> {
  return plan.sources.filter((s) => (s.outside?.length ?? 0) > 0).map((s) => ({ id: s.id, lines: (s.outside ?? []).map(changeLine) }));
}

/** The heading of that block (Terraform's "Objects have changed outside of Terraform"). */
export const OUTSIDE_HEADING = 'Changed outside graphform since the last apply';

/** What the plan does about it, under the heading. */
export function outsideNote(plan: Plan): string {
  return plan.refreshOnly === true
    ? 'This is a refresh-only plan: ' +
        'nothing is sent; `apply --refresh-only` records these in state, and `graphform import <id> --out FILE` writes them into a declaration.'
    : 'The plan below starts from what the service holds, so it undoes these; ' +
        'to keep them instead, declare them, or accept them with `graphform apply --refresh-only`.';
}
