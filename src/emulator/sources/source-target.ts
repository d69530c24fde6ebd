import { isCustomSourceId } from './source-id.js';
import { text, type Reply } from '../server/respond.js';
import { CMS_SOURCE_ID } from './cms.js';

/**
 * What the sources API's `id` names. Unlike the types and data endpoints, the service
 * gives a missing or empty id a meaning here: every source. An id that cannot be a source
 * id names nothing (404), as the service has no such source.
 */
export type SourceTarget = { kind: 'all' } | { kind: 'cms' } | { kind: 'one'; id: string } | { kind: 'unknown' } | { kind: 'bad'; reply: Reply };

export const SOURCE_NOT_FOUND = 'Source is not found';

export function sourceTarget(url: URL): SourceTarget {
  const ids = url.searchParams.getAll('id');
  if (ids.length > 1) return { kind: 'bad', reply: text(400, 'Give the id query parameter at most once') };
  const id = ids[0] ?? '';
  if (id === '') return { kind: 'all' };
  if (id === CMS_SOURCE_ID) return { kind: 'cms' };
  return isCustomSourceId(id) ? { kind: 'one', id } : { kind: 'unknown' };
}
