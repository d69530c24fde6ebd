import { GraphformError } from '../diagnostics/errors.js';
import type { GraphClient } from '../graph/types.js';
import { DATA_ERROR_CODES } from './codes.js';

/**
 * Deletes every item of the source in the given languages (DELETE data). Refuses an empty
 * list: what the service does without `languages` is not documented.
 */
export async function purge(client: GraphClient, id: string, languages: readonly string[]): Promise<void> {
  const unique = [...new Set(languages)];
  if (unique.length === 0 || unique.some((language) => language.trim() === '')) {
    throw new GraphformError(DATA_ERROR_CODES.noLanguages, `Purging source ${id} needs at least one language.`, {
      hint: 'Name them with --language L (repeatable) or use --all-languages.',
    });
  }
  await client.purgeData(id, unique);
}
