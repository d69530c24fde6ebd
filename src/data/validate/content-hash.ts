/**
 * A 64-bit hash of what a record asks the service to hold, kept as two 32-bit halves: the
 * bytes of an NDJSON data line (as written, without a trailing `\r`), or the JSON text of an
 * item read from a JSON or YAML file. A plan compares it with the hash graphform recorded
 * when it last pushed the item: equal means the same line goes on the wire, so the item is
 * not sent again. Two FNV-style lanes, the same mixing as idHash's.
 */
export type ContentHash = readonly [number, number];

/** The hash every delete record has: what it asks for does not depend on how its action line is written. */
export const DELETE_HASH: ContentHash = [0x0de1e7e0, 0x00000001];

/** Hashes bytes[start, end) (a trailing `\r` left out) into out[at], out[at + 1]. */
export function hashBytesInto(bytes: Uint8Array, start: number, end: number, out: Uint32Array, at: number): void {
  const stop = end > start && bytes[end - 1] === 0x0d ? end - 1 : end;
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = start; i < stop; i++) {
    const c = bytes[i] as number;
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  out[at] = a >>> 0;
  out[at + 1] = (b ^ (b >>> 13)) >>> 0;
}

/** The hash of a text (an item's JSON), over its UTF-16 units. */
export function textHash(text: string): ContentHash {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, (b ^ (b >>> 13)) >>> 0];
}

/** "0123abcd4567ef89": the form the ledger keeps. */
export function contentHashText(a: number, b: number): string {
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
