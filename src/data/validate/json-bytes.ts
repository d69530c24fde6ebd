/**
 * JSON read straight from UTF-8 bytes, without decoding a string or building a value: where
 * each token ends, or -1 when the bytes are not JSON of the strict form the quick check
 * takes (minified: no whitespace outside strings; strings without escapes or control
 * characters). -1 never says "invalid JSON", only "not for the quick check": the line is
 * then read the full way, which says what is wrong, if anything.
 *
 * The bytes are one block's (already known to be UTF-8); `words` is an Int32Array over the
 * whole of its underlying buffer, so a long string is read four bytes at a time.
 */
export interface JsonBytes {
  bytes: Buffer;
  words: Int32Array;
  /** bytes.byteOffset: where bytes[0] is in the buffer `words` covers. */
  base: number;
}

export function jsonBytes(bytes: Buffer): JsonBytes {
  return { bytes, words: new Int32Array(bytes.buffer, 0, bytes.buffer.byteLength >> 2), base: bytes.byteOffset };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SPACE = 0x20;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LOWER_E = 0x65;
const UPPER_E = 0x45;

/** Deeper values are left to the full check. */
export const MAX_DEPTH = 64;

/**
 * The string starting at `at` (its opening quote): the index after its closing quote, or
 * -1 when it does not end before `end` or holds a backslash or a control character.
 */
export function stringEnd(json: JsonBytes, at: number, end: number): number {
  const { bytes, words, base } = json;
  let i = at + 1;
  while (i < end && ((base + i) & 3) !== 0) {
    const c = bytes[i] as number;
    if (c === QUOTE) return i + 1;
    if (c < SPACE || c === BACKSLASH) return -1;
    i++;
  }
  // Four bytes at a time until a word holds a quote, a backslash or a byte below 0x20
  // (the classic has-zero-byte test on the word XORed with each, and the has-less-than
  // test); that word is then read byte by byte below.
  const stop = (base + end) >> 2;
  for (let w = (base + i) >> 2; w < stop; w++) {
    const x = words[w] as number;
    const q = x ^ 0x22222222;
    const s = x ^ 0x5c5c5c5c;
    if ((((q - 0x01010101) & ~q) | ((s - 0x01010101) & ~s) | ((x - 0x20202020) & ~x)) & 0x80808080) break;
    i = ((w + 1) << 2) - base;
  }
  while (i < end) {
    const c = bytes[i] as number;
    if (c === QUOTE) return i + 1;
    if (c < SPACE || c === BACKSLASH) return -1;
    i++;
  }
  return -1;
}

/** The number starting at `at` (JSON's grammar): the index after it, or -1. */
export function numberEnd(bytes: Uint8Array, at: number, end: number): number {
  let i = at;
  if (bytes[i] === MINUS) i++;
  const first = bytes[i] ?? 0;
  if (first === ZERO) i++;
  else if (first > ZERO && first <= NINE) {
    i++;
    while (i < end && isDigit(bytes[i] as number)) i++;
  } else return -1;
  if (i < end && bytes[i] === DOT) {
    i++;
    if (i >= end || !isDigit(bytes[i] as number)) return -1;
    while (i < end && isDigit(bytes[i] as number)) i++;
  }
  const e = i < end ? (bytes[i] as number) : 0;
  if (e === LOWER_E || e === UPPER_E) {
    i++;
    if (i < end && (bytes[i] === PLUS || bytes[i] === MINUS)) i++;
    if (i >= end || !isDigit(bytes[i] as number)) return -1;
    while (i < end && isDigit(bytes[i] as number)) i++;
  }
  return i;
}

/**
 * The value of the number token bytes[at, stop) when it is an integer of at most 15 digits
 * (exact as a double, and what JSON.parse makes of it); undefined for any other token,
 * one with a fraction or an exponent among them.
 */
export function smallInteger(bytes: Uint8Array, at: number, stop: number): number | undefined {
  const negative = bytes[at] === MINUS;
  const from = negative ? at + 1 : at;
  if (stop - from > 15) return undefined;
  let value = 0;
  for (let i = from; i < stop; i++) {
    const c = bytes[i] as number;
    if (!isDigit(c)) return undefined;
    value = value * 10 + (c - ZERO);
  }
  return negative ? -value : value;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** `true`, `false` or `null` at `at`: the index after it, or -1. */
export function literalEnd(bytes: Uint8Array, at: number, end: number): number {
  const c = bytes[at];
  const word = c === 0x74 ? TRUE : c === 0x66 ? FALSE : c === 0x6e ? NULL : undefined;
  if (word === undefined || at + word.length > end) return -1;
  for (let k = 1; k < word.length; k++) if (bytes[at + k] !== word[k]) return -1;
  return at + word.length;
}

/** Any JSON value at `at`, of any shape: the index after it, or -1. */
export function valueEnd(json: JsonBytes, at: number, end: number, depth: number): number {
  const bytes = json.bytes;
  const c = bytes[at] ?? 0;
  if (c === QUOTE) return stringEnd(json, at, end);
  if (c === OPEN_BRACE) {
    if (depth >= MAX_DEPTH) return -1;
    let i = at + 1;
    if (bytes[i] === CLOSE_BRACE) return i + 1;
    for (;;) {
      if (bytes[i] !== QUOTE) return -1;
      i = stringEnd(json, i, end);
      if (i < 0 || bytes[i] !== COLON) return -1;
      i = valueEnd(json, i + 1, end, depth + 1);
      if (i < 0) return -1;
      const next = bytes[i];
      if (next === CLOSE_BRACE) return i + 1;
      if (next !== COMMA) return -1;
      i++;
    }
  }
  if (c === OPEN_BRACKET) {
    if (depth >= MAX_DEPTH) return -1;
    let i = at + 1;
    if (bytes[i] === CLOSE_BRACKET) return i + 1;
    for (;;) {
      i = valueEnd(json, i, end, depth + 1);
      if (i < 0) return -1;
      const next = bytes[i];
      if (next === CLOSE_BRACKET) return i + 1;
      if (next !== COMMA) return -1;
      i++;
    }
  }
  if (c === MINUS || isDigit(c)) return numberEnd(bytes, at, end);
  return literalEnd(bytes, at, end);
}

/** Whether bytes[from, to) are exactly `expected`. */
export function sameBytes(bytes: Uint8Array, from: number, to: number, expected: Uint8Array): boolean {
  if (to - from !== expected.length) return false;
  for (let k = 0; k < expected.length; k++) if (bytes[from + k] !== expected[k]) return false;
  return true;
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

export const JSON_BYTES = { QUOTE, COLON, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET } as const;
