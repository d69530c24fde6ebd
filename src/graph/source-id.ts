import { GraphformError } from '../diagnostics/errors.js';

/** Content source ids: 1 to 4 characters, lowercase a-z and digits (docs/service-facts.md "Content source ids"). */
export const SOURCE_ID_PATTERN = /^[a-z0-9]{1,4}$/;

/** The CMS's own source: the service's answer to a call without id (docs/service-facts.md "The CMS's own source"). */
export const CMS_SOURCE_ID = 'default';

export function isValidSourceId(id: unknown): id is string {
  return typeof id === 'string' && SOURCE_ID_PATTERN.test(id);
}

/**
 * Refuses a missing or malformed id before any network I/O: the service treats a missing
 * id as `default`, the CMS's own source, and a types call there would overwrite it; a
 * DELETE sources without id acts on every source of the account. `default` itself is
 * refused too (it is 7 characters): graphform never writes to the CMS's source.
 */
export function assertValidSourceId(id: unknown): asserts id is string {
  if (isValidSourceId(id)) return;
  const shown = typeof id === 'string' ? JSON.stringify(id) : String(id);
  if (id === CMS_SOURCE_ID) {
    throw new GraphformError('GF_INVALID_SOURCE_ID', `Refusing to change source "${CMS_SOURCE_ID}": it is the CMS's own source`, {
      details: { id },
      hint: "graphform reads the CMS's source (for name checks) but never writes to it; name a source of your own.",
    });
  }
  throw new GraphformError('GF_INVALID_SOURCE_ID', `Refusing to call the graph service with source id ${shown}`, {
    details: { id: typeof id === 'string' ? id : null },
    hint: "A content source id is 1 to 4 characters, lowercase a-z and 0-9 only.\nWithout a valid id the service would act on the CMS's own source.",
  });
}

/** For reads of the sources API: a valid id, or `default` to read the CMS's own source. */
export function assertReadableSourceId(id: unknown): asserts id is string {
  if (id === CMS_SOURCE_ID) return;
  assertValidSourceId(id);
}
