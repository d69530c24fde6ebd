/**
 * The top-level entries of a minified (valid) JSON object line, found on its text: where each
 * key and its value lie. What WireNames.renameLine needs to replace keys without parsing the
 * line. Undefined when the line is not a minified object whose keys hold no escapes.
 */
export interface MinifiedEntry {
  key: string;
  /** The key's opening quote. */
  keyFrom: number;
  /** The key's closing quote. */
  keyEnd: number;
  valueFrom: number;
  /** Just past the value. */
  valueTo: number;
}

export function minifiedEntries(line: string): MinifiedEntry[] | undefined {
  if (line.charCodeAt(0) !== BRACE_OPEN || line.charCodeAt(line.length - 1) !== BRACE_CLOSE) return undefined;
  const entries: MinifiedEntry[] = [];
  let i = 1;
  if (line.charCodeAt(i) === BRACE_CLOSE) return line.length === 2 ? entries : undefined;
  for (;;) {
    if (line.charCodeAt(i) !== QUOTE) return undefined;
    const keyEnd = line.indexOf('"', i + 1);
    if (keyEnd < 0 || line.charCodeAt(keyEnd + 1) !== COLON) return undefined;
    const key = line.slice(i + 1, keyEnd);
    if (key.includes('\\')) return undefined;
    const valueTo = minifiedValueEnd(line, keyEnd + 2);
    if (valueTo < 0) return undefined;
    entries.push({ key, keyFrom: i, keyEnd, valueFrom: keyEnd + 2, valueTo });
    const next = line.charCodeAt(valueTo);
    i = valueTo + 1;
    if (next === BRACE_CLOSE) break;
    if (next !== COMMA) return undefined;
  }
  return i === line.length ? entries : undefined;
}

const QUOTE = 0x22;
const COLON = 0x3a;
const COMMA = 0x2c;
const BRACE_OPEN = 0x7b;
const BRACE_CLOSE = 0x7d;
const BRACKET_OPEN = 0x5b;
const BRACKET_CLOSE = 0x5d;
const BACKSLASH = 0x5c;

/**
 * Where the JSON value starting at `at` of a minified (valid) text ends: strings skipped
 * with their escapes, brackets and braces counted. -1 when the text ends first.
 */
function minifiedValueEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
      if (depth === 0) return i + 1;
    } else if (c === BRACE_OPEN || c === BRACKET_OPEN) depth++;
    else if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
      if (depth === 0) return i;
      depth--;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && c === COMMA) return i;
  }
  return depth === 0 ? text.length : -1;
}
