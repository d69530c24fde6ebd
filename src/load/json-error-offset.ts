/**
 * Where text stops being JSON, for messages that must say where without quoting: V8 gives a
 * position for some syntax errors only ("Unexpected end of JSON input" and "Unexpected
 * token" name none), so the text is scanned by the JSON grammar itself. Iterative, so any
 * depth of nesting is scanned without recursion.
 */

/** A syntax error at this offset. */
class At {
  constructor(readonly offset: number) {}
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/**
 * The offset of the first character at which `text` is not JSON; its length when it ends
 * before the value does (a file cut short). Undefined when it is JSON.
 */
export function jsonErrorOffset(text: string): number | undefined {
  try {
    scan(text);
    return undefined;
  } catch (error) {
    if (error instanceof At) return Math.min(error.offset, text.length);
    throw error;
  }
}

function scan(text: string): void {
  const open: ('{' | '[')[] = [];
  let i = skip(text, 0);
  for (;;) {
    // A value starts at i.
    const c = text[i];
    if (c === '{' || c === '[') {
      i = skip(text, i + 1);
      if (text[i] === (c === '{' ? '}' : ']')) {
        i = skip(text, i + 1);
      } else {
        open.push(c);
        if (c === '{') i = member(text, i);
        continue;
      }
    } else {
      i = skip(text, scalar(text, i));
    }
    // After a value: a comma, or the end of its container, or the end of the text.
    for (;;) {
      const top = open.at(-1);
      if (top === undefined) {
        if (i !== text.length) throw new At(i);
        return;
      }
      if (text[i] === ',') {
        i = skip(text, i + 1);
        if (top === '{') i = member(text, i);
        break;
      }
      if (text[i] !== (top === '{' ? '}' : ']')) throw new At(i);
      open.pop();
      i = skip(text, i + 1);
    }
  }
}

/** A member's key and colon: returns where its value starts. */
function member(text: string, at: number): number {
  if (text[at] !== '"') throw new At(at);
  const i = skip(text, string(text, at));
  if (text[i] !== ':') throw new At(i);
  return skip(text, i + 1);
}

/** The end of the string, number or literal starting at `at`. */
function scalar(text: string, at: number): number {
  if (text[at] === '"') return string(text, at);
  for (const literal of ['true', 'false', 'null']) if (text.startsWith(literal, at)) return at + literal.length;
  NUMBER.lastIndex = at;
  if (NUMBER.test(text)) return NUMBER.lastIndex;
  throw new At(at);
}

function string(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) throw new At(i);
    if (c !== 0x5c) continue;
    const escaped = text[i + 1] ?? '';
    if (ESCAPES.has(escaped)) {
      i++;
      continue;
    }
    HEX4.lastIndex = i + 2;
    if (escaped !== 'u' || !HEX4.test(text)) throw new At(i + 1);
    i += 5;
  }
  throw new At(text.length);
}

function skip(text: string, at: number): number {
  let i = at;
  while (i < text.length && WHITESPACE.has(text[i] ?? '')) i++;
  return i;
}

/**
 * Where and why `text` is not JSON, given JSON.parse's message: the offset where the grammar
 * breaks (V8's "position N" when the scan finds nothing wrong, else 0), and V8's reason without
 * the excerpt of the text it quotes or its offset, which a caller gives as a line and column.
 */
export function jsonSyntaxError(text: string, message: string): { offset: number; reason: string } {
  const position = /at position (\d+)/.exec(message);
  const offset = jsonErrorOffset(text) ?? (position === null ? 0 : Math.min(Number(position[1]), text.length));
  const bare = message
    .replace(/, (?:\.\.\.)?".*$/s, '')
    .replace(/ (?:in JSON )?at position \d+.*$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  return { offset, reason: bare === '' ? 'not valid JSON' : bare };
}
