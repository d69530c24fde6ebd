import type { GraphClient } from '../graph/types.js';

/**
 * Deletes every item of the source in the given languages (DELETE data), each language
 * once. A list that is empty or holds a blank name is refused by the graph client before
 * any request (GF_GRAPH_BAD_REQUEST): that is the one message for it, for the purge workflow
 * (which checks the languages it is given first) and for programmatic callers alike.
 */
export async function purge(client: GraphClient, id: string, languages: readonly string[]): Promise<void> {
  await client.purgeData(id, [...new Set(languages)]);
}
