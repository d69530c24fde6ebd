import type { DataAction } from '../types.js';

/**
 * `{"index":{"_id":"…","language_routing":"…"}}` (or delete) with non-empty values free of
 * quotes, backslashes and control characters: exactly graphform's own form of the line, and
 * what a valid action line almost always is. No part can match in two ways, so a long line
 * costs one pass.
 */
// eslint-disable-next-line no-control-regex -- a JSON string holds no raw control character: the class leaves them to JSON.parse
export const SIMPLE_ACTION = /^\{"(index|delete)":\{"_id":"([^"\\\x00-\x1f]+)","language_routing":"([^"\\\x00-\x1f]+)"\}\}$/;

const INDEX_HEAD = Buffer.from('{"index":{"_id":"');
const DELETE_HEAD = Buffer.from('{"delete":{"_id":"');
const MIDDLE = Buffer.from('","language_routing":"');
const TAIL = Buffer.from('"}}');

/**
 * SIMPLE_ACTION read from the line's UTF-8 bytes[start, end) instead of its text: the same
 * lines match (a byte of a multi-byte character is never a quote, a backslash or a control
 * character), and only the id and the language are decoded.
 */
export function simpleActionBytes(bytes: Buffer, start: number, end: number): DataAction | undefined {
  const kind = startsWith(bytes, start, INDEX_HEAD) ? 'index' : startsWith(bytes, start, DELETE_HEAD) ? 'delete' : undefined;
  if (kind === undefined) return undefined;
  const idStart = start + (kind === 'index' ? INDEX_HEAD.length : DELETE_HEAD.length);
  const idEnd = plainRun(bytes, idStart, end);
  if (idEnd === idStart || !startsWith(bytes, idEnd, MIDDLE)) return undefined;
  const languageStart = idEnd + MIDDLE.length;
  const languageEnd = plainRun(bytes, languageStart, end);
  if (languageEnd === languageStart || languageEnd + TAIL.length !== end || !startsWith(bytes, languageEnd, TAIL)) return undefined;
  return { kind, id: bytes.toString('utf8', idStart, idEnd), language: languageOf(bytes, languageStart, languageEnd) };
}

/** Languages read, kept: a push has a few, so lines reuse their string instead of each decoding its own. */
const languages: { bytes: Buffer; text: string }[] = [];
const MAX_LANGUAGES = 16;

function languageOf(bytes: Buffer, start: number, end: number): string {
  for (const known of languages) if (known.bytes.length === end - start && startsWith(bytes, start, known.bytes)) return known.text;
  const text = bytes.toString('utf8', start, end);
  if (languages.length < MAX_LANGUAGES) languages.push({ bytes: Buffer.from(bytes.subarray(start, end)), text });
  return text;
}

function startsWith(bytes: Buffer, at: number, expected: Buffer): boolean {
  for (let k = 0; k < expected.length; k++) if (bytes[at + k] !== expected[k]) return false;
  return true;
}

/** Where a run of bytes that are not a quote, a backslash or a control character ends. */
function plainRun(bytes: Buffer, at: number, end: number): number {
  let i = at;
  while (i < end) {
    const c = bytes[i] as number;
    if (c === 0x22 || c === 0x5c || c < 0x20) break;
    i++;
  }
  return i;
}
