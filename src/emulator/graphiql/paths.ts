/** Where the service serves its GraphiQL (`/app/graphiql?auth=KEY`); the page's files sit under it. */
export const GRAPHIQL_PREFIX = '/app/';
export const GRAPHIQL_PATH = '/app/graphiql';
