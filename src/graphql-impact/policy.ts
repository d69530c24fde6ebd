import { GraphformError } from '../diagnostics/errors.js';
import type { GraphqlChange, Plan } from '../plan/types.js';

export interface SourceGraphqlChange {
  source: string;
  change: GraphqlChange;
}

/** Every breaking GraphQL change of the plan, source by source in plan (id) order. */
export function breakingGraphqlChanges(plan: Plan): SourceGraphqlChange[] {
  return plan.sources.flatMap((source) =>
    (source.graphqlChanges ?? []).filter((change) => change.criticality === 'BREAKING').map((change) => ({ source: source.id, change })),
  );
}

/**
 * The config's `failOnBreaking: true` turns breaking GraphQL changes into an error (plan
 * and apply exit 1, apply sends nothing). The message lists each change, so the reviewer
 * sees what front ends would break without scrolling back through the plan.
 */
export function breakingChangesError(breaking: readonly SourceGraphqlChange[], sent: 'planned' | 'applied'): GraphformError {
  const lines = breaking.map(({ source, change }) => `${source}: ${change.message}`);
  const what = sent === 'planned' ? 'apply refuses it and sends nothing' : 'nothing was sent';
  return new GraphformError(
    'GF_GRAPHQL_BREAKING',
    `This plan makes ${breaking.length} breaking GraphQL change${breaking.length === 1 ? '' : 's'}, ` +
      `and the config sets failOnBreaking: true: ${what}.\n  ${lines.join('\n  ')}`,
    {
      details: { changes: breaking.map(({ source, change }) => ({ source, message: change.message, path: change.path })) },
      hint:
        'Queries that read these types or fields stop working. ' +
        'Keep the old fields (add new ones beside them) until every front end has moved, or set failOnBreaking: false for this change.',
    },
  );
}
