/**
 * Scalars and one-line flow collections for the quick reader (quick-yaml.ts). Every
 * function here either reads exactly what the `yaml` package would read, or gives up by
 * throwing OutsideSubset; nothing is guessed.
 */

/** A 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/**
 * Told where each map entry's key and value, or list item, starts, once it is read. The
 * value's position is undefined for an empty value (`key:` with nothing after it).
 */
export type RecordEntry = (container: object, key: string | number, keyAt: Position | undefined, valueAt: Position | undefined) => void;

/** Recording positions inside a flow collection: the recorder, and the collection's line. */
export interface FlowRecording {
  record: RecordEntry;
  line: number;
}

/** Thrown when the text leaves the subset the quick reader knows; the caller then uses `yaml`. */
export class OutsideSubset extends Error {}

export function outside(): never {
  throw new OutsideSubset();
}

/** The longest string (key or value) the quick reader passes on: longer ones are reported by the full reader. */
const MAX_STRING = 1024;
/** YAML limits an implicit key to 1,024 characters with its quotes; a margin keeps clear of the edge. */
const MAX_KEY_SOURCE = 1000;

const NULL = /^(?:~|[Nn]ull|NULL)$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;

/**
 * Characters that cannot start a plain scalar, or start one that means something else:
 * YAML's indicators, and the signs of numbers (`-1`, `+2`), which the core schema reads in
 * ways left to `yaml`.
 */
const RESERVED_FIRST = new Set('-?:,[]{}#&*!|>\'"%@`+');
/**
 * The numbers read here: decimal integers without a sign or leading zeros, short enough to
 * be exact. Every other text starting with a digit (`0012`, `1.5`, `0x1F`, `1e3`, `1_000`,
 * dates) is left to `yaml`.
 */
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;
/** The core schema's numbers that start with a dot: `.5`, `.5e3`, `.inf`, `.NaN`. A path such as `.graphform/state` is a string. */
const DOT_NUMBER = /^\.(?:[0-9]|(?:inf|Inf|INF|nan|NaN|NAN)$)/;

/** A plain scalar's value in YAML 1.2's core schema: null, a boolean, a plain integer or a string. */
export function plainValue(text: string): string | number | boolean | null {
  if (text === '' || RESERVED_FIRST.has(text.charAt(0)) || DOT_NUMBER.test(text)) outside();
  if (text.length > MAX_STRING) outside();
  const first = text.charCodeAt(0);
  if (first >= 0x30 && first <= 0x39) return PLAIN_INTEGER.test(text) ? Number(text) : outside();
  // Only n, N, t, T, f, F and ~ can start a null or a boolean.
  if (first === 0x6e || first === 0x4e || first === 0x7e) return NULL.test(text) ? null : text;
  if (first === 0x74 || first === 0x54) return TRUE.test(text) ? true : text;
  if (first === 0x66 || first === 0x46) return FALSE.test(text) ? false : text;
  return text;
}

/** A map key: a string the plain JS value keeps as is (no null, boolean, merge or prototype key). */
export function keyValue(text: string, quoted: boolean, sourceLength: number): string {
  if (sourceLength > MAX_KEY_SOURCE || text === '__proto__' || text === '<<') outside();
  if (quoted) return text;
  const value = plainValue(text);
  return typeof value === 'string' ? value : outside();
}

/** Stores a key once; a repeated key is left to the full reader, which reports it. */
export function setKey(map: Record<string, unknown>, key: string, value: unknown): void {
  if (Object.hasOwn(map, key)) outside();
  map[key] = value;
}

/** A quoted scalar starting at `start` (at its quote) and ending on the same line: value and the index after it. */
export function quoted(line: string, start: number): { value: string; end: number } {
  const quote = line.charAt(start);
  if (quote === '"') {
    const close = line.indexOf('"', start + 1);
    if (close === -1) outside();
    const value = line.slice(start + 1, close);
    // Escapes are left to yaml.
    if (value.includes('\\') || value.length > MAX_STRING) outside();
    return { value, end: close + 1 };
  }
  let value = '';
  let from = start + 1;
  for (;;) {
    const close = line.indexOf("'", from);
    if (close === -1) outside();
    value += line.slice(from, close);
    if (line.charAt(close + 1) !== "'") {
      if (value.length > MAX_STRING) outside();
      return { value, end: close + 1 };
    }
    value += "'";
    from = close + 2;
  }
}

/** True when only spaces, or spaces and then a comment, follow `from`. */
export function restIsBlank(line: string, from: number): boolean {
  let i = from;
  while (line.charCodeAt(i) === 0x20) i++;
  if (i === line.length) return true;
  return line.charAt(i) === '#' && i > from;
}

/** Characters that end a plain scalar inside a flow collection; `:` and `#` give up instead. */
const FLOW_END = new Set(',[]{}');

/** A flow collection (`[…]` or `{…}`) that opens at `start` and closes on the same line. */
export function flow(line: string, start: number, recording?: FlowRecording): { value: unknown; end: number } {
  const at = (index: number): Position | undefined => (recording === undefined ? undefined : { line: recording.line, column: index + 1 });
  const list = line.charAt(start) === '[';
  const close = list ? ']' : '}';
  const result: unknown[] | Record<string, unknown> = list ? [] : {};
  let i = skipSpaces(line, start + 1);
  if (line.charAt(i) === close) return { value: result, end: i + 1 };
  for (;;) {
    if (Array.isArray(result)) {
      const item = flowItem(line, i, recording);
      result.push(item.value);
      recording?.record(result, result.length - 1, undefined, at(i));
      i = item.end;
    } else {
      const key = flowKey(line, i);
      // `key: value`, with a space after the colon; `{ a }`, `{ a: }` and `{a:b}` are left to yaml.
      if (line.charAt(key.end) !== ':' || line.charAt(key.end + 1) !== ' ') outside();
      const valueStart = skipSpaces(line, key.end + 1);
      const value = flowItem(line, valueStart, recording);
      setKey(result, key.value, value.value);
      recording?.record(result, key.value, at(i), at(valueStart));
      i = value.end;
    }
    i = skipSpaces(line, i);
    const next = line.charAt(i);
    if (next === close) return { value: result, end: i + 1 };
    if (next !== ',') outside();
    i = skipSpaces(line, i + 1);
    // A trailing comma, an empty entry or a line break inside the collection.
    if (i >= line.length || line.charAt(i) === close || line.charAt(i) === ',') outside();
  }
}

function flowItem(line: string, start: number, recording: FlowRecording | undefined): { value: unknown; end: number } {
  const first = line.charAt(start);
  if (first === '[' || first === '{') return flow(line, start, recording);
  if (first === '"' || first === "'") {
    const item = quoted(line, start);
    // `"a": b` inside a list is a pair: left to yaml.
    if (line.charAt(item.end) === ':') outside();
    return item;
  }
  const text = flowPlain(line, start);
  return { value: plainValue(text.value), end: text.end };
}

function flowKey(line: string, start: number): { value: string; end: number } {
  const first = line.charAt(start);
  if (first === '"' || first === "'") {
    const key = quoted(line, start);
    return { value: keyValue(key.value, true, key.end - start), end: key.end };
  }
  const text = flowPlain(line, start);
  return { value: keyValue(text.value, false, text.end - start), end: text.end };
}

/** A plain scalar in a flow collection: up to `,`, a bracket or a brace (spaces before it trimmed), or up to `: `. */
function flowPlain(line: string, start: number): { value: string; end: number } {
  let i = start;
  for (; i < line.length; i++) {
    const c = line.charAt(i);
    if (FLOW_END.has(c)) break;
    if (c === '#') outside();
    if (c === ':') {
      if (line.charAt(i + 1) === ' ') break;
      outside();
    }
  }
  let end = i;
  while (end > start && line.charCodeAt(end - 1) === 0x20) end--;
  if (end === start) outside();
  return { value: line.slice(start, end), end };
}

export function skipSpaces(line: string, from: number): number {
  let i = from;
  while (line.charCodeAt(i) === 0x20) i++;
  return i;
}
