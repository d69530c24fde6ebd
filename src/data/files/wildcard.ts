/**
 * Matching of one path segment (a file or folder name) against one segment of a `data:`
 * glob. Written here rather than taken from a regular-expression library: a pattern such
 * as `*a*a*a…c` compiled to a backtracking regular expression takes time exponential in
 * its stars, and a pull request can write any pattern. Here braces are expanded into at
 * most MAX_ALTERNATIVES plain alternatives, and each alternative is matched with the
 * two-pointer wildcard algorithm, which never backs up past the last `*`: time at most
 * (name length) × (name length + pattern length), whatever the pattern.
 */

/** The most alternatives the braces of one segment may expand to (`{a,b}{c,d}` is four). */
export const MAX_ALTERNATIVES = 64;

/** One position of an alternative: `*`, `?`, a literal character or a class `[a-z]`. */
type Token = { kind: 'star' } | { kind: 'any' } | { kind: 'literal'; char: string } | { kind: 'class'; negated: boolean; ranges: [number, number][] };

/**
 * A matcher for the names one pattern segment matches, or undefined when its braces
 * expand to more than MAX_ALTERNATIVES alternatives.
 */
export function compileSegment(segment: string): ((name: string) => boolean) | undefined {
  const alternatives = expandBraces(segment, MAX_ALTERNATIVES);
  if (alternatives === undefined) return undefined;
  const compiled = alternatives.map(tokenize);
  return (name) => {
    const chars = Array.from(name);
    return compiled.some((tokens) => matchTokens(tokens, chars));
  };
}

/**
 * The segment with its brace groups (`{a,b}`, nested too) expanded, without duplicates, or
 * undefined past `limit`. A brace without a comma (`{a}`) or without its pair is a literal
 * character. Each step replaces one text by the two or more texts of one group, so no more
 * than `limit` steps are taken, whatever the segment holds.
 */
export function expandBraces(segment: string, limit: number): string[] | undefined {
  const done = new Set<string>();
  const todo = [segment];
  let count = 1;
  for (let text = todo.pop(); text !== undefined; text = todo.pop()) {
    const group = firstGroup(text);
    if (group === undefined) {
      done.add(text);
      continue;
    }
    count += group.options.length - 1;
    if (count > limit) return undefined;
    for (const option of group.options) todo.push(text.slice(0, group.start) + option + text.slice(group.end + 1));
  }
  return [...done];
}

/** The first `}` that closes a group holding a comma of its own: that group's place and options. */
function firstGroup(text: string): { start: number; end: number; options: string[] } | undefined {
  const open: { start: number; commas: number[] }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '{') open.push({ start: i, commas: [] });
    else if (ch === ',') open.at(-1)?.commas.push(i);
    else if (ch === '}') {
      const group = open.pop();
      if (group === undefined || group.commas.length === 0) continue;
      const cuts = [group.start, ...group.commas, i];
      return { start: group.start, end: i, options: cuts.slice(1).map((cut, k) => text.slice((cuts[k] ?? 0) + 1, cut)) };
    }
  }
  return undefined;
}

/** An alternative without braces as tokens; runs of `*` are one star, and an unclosed `[` is literal. */
function tokenize(alternative: string): Token[] {
  const chars = Array.from(alternative);
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i] ?? '';
    if (ch === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (ch === '?') tokens.push({ kind: 'any' });
    else if (ch === '[') {
      const parsed = parseClass(chars, i);
      if (parsed === undefined) tokens.push({ kind: 'literal', char: ch });
      else {
        tokens.push(parsed.token);
        i = parsed.end;
      }
    } else tokens.push({ kind: 'literal', char: ch });
  }
  return tokens;
}

/** The class opening at `start` (`[abc]`, `[a-z]`, `[!x]` or `[^x]`; a `]` first is a member) and the index of its `]`. */
function parseClass(chars: readonly string[], start: number): { token: Token; end: number } | undefined {
  let i = start + 1;
  const negated = chars[i] === '!' || chars[i] === '^';
  if (negated) i += 1;
  const ranges: [number, number][] = [];
  for (let first = true; i < chars.length; first = false) {
    const ch = chars[i] ?? '';
    if (ch === ']' && !first) return { token: { kind: 'class', negated, ranges }, end: i };
    const low = ch.codePointAt(0) ?? 0;
    const high = chars[i + 1] === '-' && i + 2 < chars.length && chars[i + 2] !== ']' ? (chars[i + 2] ?? '').codePointAt(0) : undefined;
    ranges.push([low, high ?? low]);
    i += high === undefined ? 1 : 3;
  }
  return undefined;
}

/**
 * Whether `chars` (a name, by code point) match `tokens`. On a mismatch the last `*` takes
 * one more character and matching resumes after it: earlier stars never need to take back
 * what they took, so the name is walked at most once per position of the last star.
 * Wildcards and classes do not match a leading "." (as in shells): only a literal one does.
 */
function matchTokens(tokens: readonly Token[], chars: readonly string[]): boolean {
  if (chars[0] === '.' && !(tokens[0]?.kind === 'literal' && tokens[0].char === '.')) return false;
  let t = 0;
  let c = 0;
  let star = -1;
  let resume = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token?.kind === 'star') {
      star = t;
      t += 1;
      resume = c;
    } else if (token !== undefined && matchesChar(token, chars[c] ?? '')) {
      t += 1;
      c += 1;
    } else if (star >= 0) {
      t = star + 1;
      resume += 1;
      c = resume;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t += 1;
  return t === tokens.length;
}

function matchesChar(token: Exclude<Token, { kind: 'star' }>, ch: string): boolean {
  switch (token.kind) {
    case 'any':
      return true;
    case 'literal':
      return token.char === ch;
    case 'class': {
      const code = ch.codePointAt(0) ?? 0;
      return token.ranges.some(([low, high]) => code >= low && code <= high) !== token.negated;
    }
    default: {
      const unknown: never = token;
      return unknown;
    }
  }
}
