import { isCustomSourceId } from '../sources/source-id.js';
import { CMS_SOURCE_ID } from '../sources/cms.js';
import { text, type Reply } from '../server/respond.js';

export type SourceIdParam = { ok: true; id: string } | { ok: false; reply: Reply };

/**
 * The types and data endpoints' `id`: given once, and a valid custom source id. The real
 * service would take a missing id as `default`, the CMS's own source; the emulator refuses
 * it, so a client that forgets the id is caught here instead of overwriting the CMS schema.
 */
export function explicitSourceId(url: URL): SourceIdParam {
  const ids = url.searchParams.getAll('id');
  const [id] = ids;
  if (id === undefined) return { ok: false, reply: text(400, 'The id query parameter is required: name the content source (1-4 characters, a-z and 0-9)') };
  if (ids.length > 1) return { ok: false, reply: text(400, 'Give the id query parameter once') };
  if (id === CMS_SOURCE_ID)
    return { ok: false, reply: text(400, "default is the CMS's own source: its content types and items are not written through this API") };
  if (!isCustomSourceId(id)) return { ok: false, reply: text(400, `Invalid content source id ${JSON.stringify(id)}: 1-4 characters, a-z and 0-9 only`) };
  return { ok: true, id };
}
