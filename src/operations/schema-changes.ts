import type { GraphQLSchema } from 'graphql';
import { toGraphqlChange } from '../graphql-impact/impact.js';
import type { OperationChange } from './types.js';

/**
 * The changes of the served schema that can change what a valid operation gets back:
 * @graphql-inspector/core's breaking and dangerous ones (a field retyped or made a list, an
 * enum value removed, an argument's default changed), the same judgement as the plan's
 * GraphQL impact, but over the whole endpoint (query fields, filters, locales) rather than
 * each source's types. None when there was no schema before: no operation worked then.
 */
export async function servedChanges(before: GraphQLSchema | undefined, after: GraphQLSchema): Promise<OperationChange[]> {
  if (before === undefined) return [];
  const { diff } = await import('@graphql-inspector/core');
  return (await diff(before, after))
    .map(toGraphqlChange)
    .flatMap((change) =>
      change.criticality === 'NON_BREAKING' || change.path === null ? [] : [{ criticality: change.criticality, message: change.message, path: change.path }],
    );
}
