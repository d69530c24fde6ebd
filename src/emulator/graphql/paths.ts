/** The content GraphQL endpoint: where the real service serves it (`<graphUrl>/content/v2`). */
export const GRAPHQL_PREFIX = '/content/';
export const GRAPHQL_PATH = '/content/v2';
