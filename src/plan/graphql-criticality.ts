/**
 * How much a GraphQL change matters to the queries that read it, in the inspector's words.
 * Its own module because both a plan and the operations check (which a plan carries) use it.
 */
export const GRAPHQL_CRITICALITIES = ['BREAKING', 'DANGEROUS', 'NON_BREAKING'] as const;
export type GraphqlCriticality = (typeof GRAPHQL_CRITICALITIES)[number];
