import { pendingAdoptions } from '../../apply/apply-plan.js';
import { pendingOf } from '../../apply/pending.js';
import type { SourceDeclaration } from '../../model/types.js';
import { repushReason } from '../../plan/repush-reason.js';
import type { DataPushReason, Plan } from '../../plan/types.js';
import type { State } from '../../state/types.js';

export interface DataPush {
  declaration: SourceDeclaration;
  push: DataPushReason;
}

/**
 * The sources whose declared `data:` files applying `plan` to `state` pushes, with why, in
 * plan order. Mirrors applyPlan: a create, a full update or a field-renaming partial update
 * (repushReason) of a source with `data:` files; a
 * re-push pending in state; a source recorded without a request while not in state at all
 * (an earlier create may have stopped before its items went), which apply marks pending.
 */
export function dataPushes(plan: Plan, state: State | undefined, declarations: readonly SourceDeclaration[]): DataPush[] {
  const byId = new Map(declarations.map((d) => [d.id, d]));
  const adopted = new Set(pendingAdoptions(plan, state, declarations).filter((id) => state?.sources[id] === undefined));
  const pushes: DataPush[] = [];
  for (const source of plan.sources) {
    const declaration = byId.get(source.id);
    if (declaration === undefined || declaration.data.length === 0) continue;
    const reason = repushReason(source);
    if (reason !== undefined) pushes.push({ declaration, push: reason });
    else if (pendingOf(state, source.id) !== undefined || adopted.has(source.id)) pushes.push({ declaration, push: 'pending' });
  }
  return pushes;
}
