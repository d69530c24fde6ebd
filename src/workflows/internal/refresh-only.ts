import type { SourceOutcome } from '../../apply/types.js';
import type { RemoteDefinition } from '../../graph/types.js';
import { ownValue } from '../../model/own.js';
import { refreshedSources } from '../../plan/refresh-only.js';
import type { Plan } from '../../plan/types.js';
import { emptyState, stateEntry, withSource } from '../../state/state.js';
import type { State } from '../../state/types.js';

export interface RecordRefreshedInput {
  plan: Plan;
  state: State | undefined;
  remote: Readonly<Record<string, RemoteDefinition>>;
  now: Date;
  toolVersion: string;
  newLineage(): string;
}

/**
 * `apply --refresh-only`: state records what the service holds for every source that changed
 * outside graphform (its description kept from state where GET types answers none, its
 * pending work kept), and nothing is sent. The next plan then compares the declarations
 * with it; `graphform import <id> --out FILE` writes it into a declaration.
 */
export function recordRefreshed(input: RecordRefreshedInput): { state: State | undefined; outcomes: SourceOutcome[] } {
  const ids = refreshedSources(input.plan);
  if (ids.length === 0) return { state: undefined, outcomes: [] };
  let state = input.state ?? emptyState(input.newLineage());
  const outcomes: SourceOutcome[] = [];
  for (const id of ids) {
    const answer = ownValue(input.remote, id);
    const before = ownValue(state.sources, id);
    if (answer?.status !== 'found' || before === undefined) continue;
    const description = answer.hasDescription ? undefined : before.definition.description;
    const definition = description === undefined ? answer.definition : { ...answer.definition, description };
    // Pending work and the ledger of pushed data items stay: accepting a schema changes neither.
    const entry = { ...stateEntry(definition, input.now.toISOString(), input.toolVersion), ...(before.data === undefined ? {} : { data: before.data }) };
    state = withSource(state, id, before.pending === undefined ? entry : { ...entry, pending: before.pending });
    outcomes.push({ id, action: 'none', status: 'recorded', durationMs: 0 });
  }
  return { state, outcomes };
}
