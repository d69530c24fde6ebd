import type { GraphformErrorCode } from '../../diagnostics/error-codes.js';
import { isGraphformError } from '../../diagnostics/errors.js';
import { isSourcesUnsupported } from '../../graph/errors.js';
import { CMS_SOURCE_ID } from '../../graph/source-id.js';
import type { GraphClient, SourceInfo } from '../../graph/types.js';
import type { SourceDefinition } from '../../model/types.js';
import type { AccountTypes } from '../../validate/context.js';

const ACCOUNT_CONCURRENCY = 4;

/** What the account holds beyond graphform's own sources; undefined parts could not be read. */
export interface AccountView {
  /** Every source the sources API lists, the CMS's `default` included. */
  sources: SourceInfo[];
  /** Content type names of the CMS and of every source graphform does not manage. */
  types: AccountTypes[];
  /** The definitions read of those same sources: the endpoint serves their types beside graphform's. */
  definitions: Array<{ id: string; definition: SourceDefinition }>;
}

/**
 * Reads the account once per plan: the list of sources, then the content types of the
 * CMS's own source and of every source that is neither declared nor in state, a few at a
 * time. A service without the sources API (404/405/501) gives undefined with one warning:
 * the plan falls back to reservedTypeNames. Other failures stop the plan, since a name
 * collision could go unnoticed. Once `stop` fires no further source is asked (the caller
 * stops).
 */
export async function readAccount(
  client: GraphClient,
  managed: ReadonlySet<string>,
  warn: (code: GraphformErrorCode, line: string) => void,
  stop?: AbortSignal,
): Promise<AccountView | undefined> {
  let sources: SourceInfo[];
  try {
    sources = await client.listSources();
  } catch (error) {
    if (!isSourcesUnsupported(error)) throw error;
    warn(
      'GF_ACCOUNT_NO_SOURCES_API',
      'the service has no sources API: content type names are checked against reservedTypeNames only, and sources outside graphform are not listed.',
    );
    return undefined;
  }
  const others = [CMS_SOURCE_ID, ...sources.map((s) => s.id).filter((id) => id !== CMS_SOURCE_ID && !managed.has(id))];
  const types: AccountTypes[] = [];
  const definitions: AccountView['definitions'] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < others.length && stop?.aborted !== true) {
      const id = others[next++] as string;
      try {
        const answer = id === CMS_SOURCE_ID ? await client.getCmsTypes() : await client.getTypes(id);
        if (answer.status !== 'found') continue;
        types.push({ id, cms: id === CMS_SOURCE_ID, contentTypes: Object.keys(answer.definition.contentTypes) });
        definitions.push({ id, definition: answer.definition });
      } catch (error) {
        if (!isGraphformError(error)) throw error;
        warn(
          'GF_ACCOUNT_TYPES_UNREADABLE',
          `could not read the content types of ${id === CMS_SOURCE_ID ? "the CMS's own source" : `source ${id}`} ` +
            `(${error.message.split('\n')[0] ?? ''}); names are not checked against them.`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ACCOUNT_CONCURRENCY, others.length) }, worker));
  const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { sources, types: types.sort(byId), definitions: definitions.sort(byId) };
}
