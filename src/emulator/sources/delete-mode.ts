import { text, type Reply } from '../server/respond.js';

/**
 * The sources API's delete modes. The service names them by the `mode` parameter: empty
 * (the source goes: types and data), `types`, `data`, `reset` (types and items go, the
 * source stays).
 */
export type DeleteMode = 'source' | 'types' | 'data' | 'reset';

const BY_PARAMETER: ReadonlyMap<string, DeleteMode> = new Map([
  ['', 'source'],
  ['types', 'types'],
  ['data', 'data'],
  ['reset', 'reset'],
]);

export function parseDeleteMode(url: URL): { ok: true; mode: DeleteMode } | { ok: false; reply: Reply } {
  const given = url.searchParams.getAll('mode');
  if (given.length > 1) return { ok: false, reply: text(400, 'Give the mode query parameter at most once') };
  const mode = BY_PARAMETER.get(given[0] ?? '');
  if (mode === undefined) {
    return { ok: false, reply: text(400, `Unknown mode ${JSON.stringify(given[0])}: leave it empty (types and data), or use types, data or reset`) };
  }
  return { ok: true, mode };
}

/** What a delete did, for the answer and the request log. */
export function describeDelete(mode: DeleteMode): string {
  switch (mode) {
    case 'source':
      return 'deleted the source (types and data)';
    case 'types':
      return 'deleted the content types (items kept)';
    case 'data':
      return 'deleted the items (types kept)';
    case 'reset':
      return 'deleted the content types and the items (the source stays)';
    default: {
      const never: never = mode;
      throw new Error(`unknown delete mode ${String(never)}`);
    }
  }
}
