/** GraphQL's Name production; graph service type and field names must match it. */
export const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Names every GraphQL schema already defines, so a content type cannot take them. */
export const GRAPHQL_BUILT_IN_TYPE_NAMES: readonly string[] = ['ID', 'Query', 'Mutation', 'Subscription'];

/** Why `name` is not a GraphQL name, with a corrected spelling to suggest. */
export function explainInvalidName(name: string): string {
  if (name === '') return 'an empty name is not allowed';
  const fixed = name.replace(/[^_0-9A-Za-z]+/g, '_').replace(/^(?=[0-9])/, '_');
  const reason = /^[0-9]/.test(name) ? 'it starts with a digit' : 'it may only hold letters, digits and _';
  return `${reason}; try \`${fixed}\``;
}
