import { text, type Reply } from '../server/respond.js';

/**
 * The sources API's published `slot` parameter (`Slot`: `old` or `new`; empty is the old
 * slot, the live one). The emulator keeps one slot, the live one, so `old` and empty act on
 * it, and `new` is refused with 400: acting on the live source for `slot=new` would delete
 * or change what a client meant to keep.
 */
export function checkSlot(url: URL): Reply | undefined {
  const given = url.searchParams.getAll('slot');
  if (given.length > 1) return text(400, 'Give the slot query parameter at most once');
  const slot = given[0] ?? '';
  if (slot === '' || slot === 'old') return undefined;
  if (slot === 'new') {
    return text(400, 'The emulator keeps only the old (live) slot: slot=new is not served, and nothing was read or changed. Leave slot out, or use slot=old');
  }
  return text(400, `Unknown slot ${JSON.stringify(slot)}: leave it empty (the old slot), or use old or new`);
}
