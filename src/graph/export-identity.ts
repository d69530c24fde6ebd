import { randomBytes } from 'node:crypto';
import { IdHashSet, idHash } from '../data/validate/id-set.js';
import { excerpt } from '../diagnostics/excerpt.js';
import { GraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';

/** Where an answered item was found: the source, its type and language, and its place in that read (1 for the first). */
export interface ItemPlace {
  source: string | undefined;
  type: string;
  language: string;
  position: number;
}

const AGAIN =
  'nothing was sent; run again, and if the service answers the same, the items cannot be kept (pass --allow-data-loss to update the schema without them)';

/**
 * The identity of every item the export reads: each `(_id, language)` once across the
 * whole source, each `_id` a non-empty string. The push of the snapshot refuses any other
 * (a duplicate would replace an item, a number would become a string), after the PUT has
 * emptied the source; so the read is refused here instead, before anything is sent. A page
 * that answers items read already (a cursor that starts over) fails at its first item.
 */
export class ExportIdentity {
  /**
   * Every `(language, _id)` read, as 64-bit hashes (about 10 bytes an item, where the keys
   * themselves take some 85 MB a million): a hit means "probably read already". A false hit
   * has odds of about 3 in a million at 10 million items, and the hash is salted per read,
   * so running again, as the error says, does not meet it again.
   */
  private readonly seen = new IdHashSet();
  private readonly salt = randomBytes(8).toString('hex');

  /** The item's `_id`, once it is known to be new; throws GF_KEEP_EXPORT_INVALID_ID or GF_KEEP_EXPORT_DUPLICATE. */
  take(raw: unknown, place: ItemPlace): string {
    const id = isRecord(raw) ? raw._id : undefined;
    if (typeof id !== 'string' || id === '') {
      const shown = id === undefined ? 'no _id' : `the _id ${excerpt(JSON.stringify(id) ?? String(id), 60)}`;
      throw new GraphformError(
        'GF_KEEP_EXPORT_INVALID_ID',
        `the content GraphQL endpoint answered item ${place.position}${ofSource(place.source)} of ${place.type} in ${place.language} with ${shown}, ` +
          `not a non-empty string; the snapshot could not be pushed back, so ${AGAIN}`,
        {
          details: { source: place.source ?? '', type: place.type, language: place.language, position: place.position },
        },
      );
    }
    if (!this.seen.add(idHash(`${this.salt}${place.language}`, id))) {
      throw new GraphformError(
        'GF_KEEP_EXPORT_DUPLICATE',
        `the content GraphQL endpoint answered the item _id "${excerpt(id, 60)}" in ${place.language}${ofSource(place.source)} more than once ` +
          `(again as item ${place.position} of ${place.type}): its paging repeats items, so others may never be read; ${AGAIN}`,
        {
          details: { source: place.source ?? '', type: place.type, language: place.language, id, position: place.position },
        },
      );
    }
    return id;
  }
}

/** ` of source <id>`, or nothing when the caller did not say which source. */
export function ofSource(source: string | undefined): string {
  return source === undefined || source === '' ? '' : ` of source ${source}`;
}
