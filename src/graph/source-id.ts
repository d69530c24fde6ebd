import { GraphformError } from '../diagnostics/errors.js';

/** Content source ids: 1 to 4 characters, lowercase a-z and digits (service-api.md "Limits"). */
export const SOURCE_ID_PATTERN = /^[a-z0-9]{1,4}$/;

export function isValidSourceId(id: unknown): id is string {
  return typeof id === 'string' && SOURCE_ID_PATTERN.test(id);
}

/**
 * Refuses a missing or malformed id before any network I/O: the service treats a missing
 * id as `default`, the CMS's own source, and a types call there would overwrite it.
 */
export function assertValidSourceId(id: unknown): asserts id is string {
  if (isValidSourceId(id)) return;
  const shown = typeof id === 'string' ? JSON.stringify(id) : String(id);
  throw new GraphformError('GF_INVALID_SOURCE_ID', `Refusing to call the graph service with source id ${shown}`, {
    details: { id: typeof id === 'string' ? id : null },
    hint: 'A content source id is 1 to 4 characters, lowercase a-z and 0-9 only.\nWithout a valid id the service would act on the CMS\'s own source.',
  });
}
