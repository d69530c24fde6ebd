import type { RemoteDefinition } from '../graph/types.js';
import { ownValue } from '../model/own.js';
import type { SourceDeclaration, SourceDefinition } from '../model/types.js';
import type { GraphqlChange, Plan, PlanSource } from '../plan/types.js';
import type { State } from '../state/types.js';
import { graphqlChanges } from './impact.js';

/** What the plan was made from: the applied definitions, the declared ones, what the service said. */
export interface ImpactInput {
  state: State | undefined;
  declarations: readonly SourceDeclaration[];
  remote: Readonly<Record<string, RemoteDefinition>>;
}

/**
 * The plan with `graphqlChanges` on every source. buildPlan stays pure and synchronous;
 * the inspector is asynchronous, so the shell calls this after it. A source whose plan
 * sends no types request (none, orphan) changes no GraphQL type: [] without a comparison,
 * and a plan without any such request loads neither graphql nor the inspector.
 */
export async function withGraphqlChanges(plan: Plan, input: ImpactInput): Promise<Plan> {
  const sources: PlanSource[] = [];
  for (const source of plan.sources) sources.push({ ...source, graphqlChanges: await changesOf(source, input) });
  return { ...plan, sources };
}

async function changesOf(source: PlanSource, input: ImpactInput): Promise<GraphqlChange[]> {
  switch (source.action) {
    case 'none':
    case 'orphan':
      return [];
    case 'delete':
      return graphqlChanges(applied(source.id, input), undefined);
    case 'create':
    case 'partial':
    case 'full':
      return graphqlChanges(applied(source.id, input), input.declarations.find((d) => d.id === source.id)?.definition);
    default: {
      const never: never = source.action;
      throw new Error(`unhandled plan action ${String(never)}`);
    }
  }
}

/**
 * The definition the service has now, as far as graphform knows it: the one GET types
 * answered (the plan starts from it, so a change made outside graphform is part of the
 * API change), else the state's, or none.
 */
export function applied(id: string, input: ImpactInput): SourceDefinition | undefined {
  const remote = ownValue(input.remote, id);
  if (remote?.status === 'found') return remote.definition;
  return ownValue(input.state?.sources, id)?.definition;
}
