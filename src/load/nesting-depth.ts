/**
 * The deepest nesting of lists and maps a declaration may have. A real one nests about
 * eight levels (contentTypes.Product.properties.Size.ref.id); `yaml`, the schema check and
 * the rules all recurse, so a file of 3,000 nested `[` would exhaust the stack.
 */
export const MAX_DECLARATION_DEPTH = 100;

/** Where the text first nests deeper than `max`, as an offset into it. */
export interface TooDeep {
  offset: number;
}

/**
 * Finds, from the text alone and without recursion, the first place where block indentation
 * and flow brackets together nest deeper than `max`, before any parser is asked to read it.
 * It errs on the safe side: a bracket inside a block scalar counts too, which no real
 * declaration comes near (it would need `max` of them open at once).
 */
export function findTooDeep(text: string, max = MAX_DECLARATION_DEPTH): TooDeep | undefined {
  const indents: number[] = [];
  let flow = 0;
  let lineStart = true;
  let i = 0;
  const length = text.length;
  while (i < length) {
    if (lineStart && flow === 0) {
      lineStart = false;
      const content = skipBlockIndicators(text, i, indents, max);
      if (content < 0) return { offset: -1 - content };
      i = content;
      continue;
    }
    // Only these characters change anything: the rest of a line is skipped at once. A loop
    // over char codes, not a regular expression: its match arrays were most of the garbage.
    while (i < length && !isSpecial(text.charCodeAt(i))) i += 1;
    if (i >= length) break;
    const ch = text[i];
    if (ch === '\n') lineStart = true;
    else if (ch === '#' && (i === 0 || text[i - 1] === ' ' || text[i - 1] === '\n')) i = lineEnd(text, i) - 1;
    else if ((ch === '"' || ch === "'") && startsValue(text, i, flow)) i = quoteEnd(text, i);
    // In block context a bracket opens a flow collection only where a value starts; `a[1]` is text.
    else if ((ch === '[' || ch === '{') && (flow > 0 || startsValue(text, i, flow))) {
      flow += 1;
      if (indents.length + flow > max) return { offset: i };
    } else if ((ch === ']' || ch === '}') && flow > 0) flow -= 1;
    i += 1;
  }
  return undefined;
}

/** The characters findTooDeep acts on: newline, `#`, the quotes and the brackets. */
function isSpecial(code: number): boolean {
  return code === 10 || code === 35 || code === 34 || code === 39 || code === 91 || code === 93 || code === 123 || code === 125;
}

/**
 * At the start of a line in block context: pops the indentation levels this line closes,
 * pushes its own and one for each `- ` that opens a nested list on the same line, and
 * returns the offset of the content after them, or `-1 - offset` of where they nest deeper
 * than `max` (a number, not an object: this runs for every line of every declaration).
 */
function skipBlockIndicators(text: string, start: number, indents: number[], max: number): number {
  let i = start;
  while (text[i] === ' ') i += 1;
  if (i >= text.length || text[i] === '\n' || text[i] === '\r' || text[i] === '#') return i;
  const indent = i - start;
  while (indents.length > 0 && (indents[indents.length - 1] ?? 0) >= indent) indents.pop();
  indents.push(indent);
  if (indents.length > max) return -1 - i;
  while (text[i] === '-' && (text[i + 1] === ' ' || text[i + 1] === '\n')) {
    const dash = i;
    i += 1;
    while (text[i] === ' ') i += 1;
    indents.push(i - start);
    if (indents.length > max) return -1 - dash;
  }
  return i;
}

/**
 * Whether a quote or bracket at `at` starts a value, not the middle of a plain word
 * (`Bob's`, `a[1]`): it follows a key's colon, a list dash or the line's indentation, and
 * inside brackets also an opening bracket or a comma.
 */
function startsValue(text: string, at: number, flow: number): boolean {
  let i = at - 1;
  while (i >= 0 && text[i] === ' ') i -= 1;
  return i < 0 || (flow > 0 ? ':-?[{,\n' : ':-?\n').includes(text[i] ?? '');
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

/** The offset of the quote that closes the one at `start` (a doubled `''` or `\"` does not). */
function quoteEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i += 1) {
    const ch = text[i];
    if (quote === '"' && ch === '\\') i += 1;
    else if (ch === quote) {
      if (quote === "'" && text[i + 1] === "'") i += 1;
      else return i;
    }
  }
  return text.length;
}
