import { excerpt } from '../../diagnostics/excerpt.js';
import { compileSegment, MAX_ALTERNATIVES } from './wildcard.js';

/**
 * The glob dialect of `data:` entries (Node 20 has no stable fs.glob): `*` and `?` within a
 * name, `**` as a whole segment for any number of folders, classes `[abc]` `[a-z]` `[!a]`,
 * and braces `*.{json,ndjson}` within one path segment, up to MAX_ALTERNATIVES alternatives
 * per segment. Wildcards do not match names starting with "." (as in shells). A name is
 * matched in time bounded by its length times the pattern's, for any pattern (see
 * wildcard.ts): a pull request can write any pattern, and CI runs it. Folders are walked
 * by expand-globs, segment by segment, so the walk never leaves the project and reports
 * FIFOs and dangling links instead of skipping them.
 */

/** One segment of a compiled pattern: `**`, a name without wildcards, or a name with them. */
export type GlobSegment = { kind: 'globstar' } | { kind: 'literal'; name: string } | { kind: 'wildcard'; matches: (name: string) => boolean };

/** A compiled pattern, or the first of its segments whose braces expand to too many alternatives. */
export type CompiledGlob = { segments: GlobSegment[] } | { tooComplex: string };

/**
 * Any wildcard, class or brace makes a pattern, even an unclosed `[`, which would otherwise
 * turn `items/[*.json` into a missing file.
 */
export function hasGlobMagic(pattern: string): boolean {
  return /[*?[{]/.test(pattern);
}

/** Splits a pattern into segments; `\` is taken as `/` so Windows-style entries work too. */
export function globSegments(pattern: string): string[] {
  return pattern
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
}

/** Compiles each segment of `pattern` (relative, or with its root already taken off). */
export function compileGlob(pattern: string): CompiledGlob {
  const segments: GlobSegment[] = [];
  for (const segment of globSegments(pattern)) {
    if (segment === '**') {
      // `**/**` matches what `**` does: one state instead of two for the walk to carry.
      if (segments.at(-1)?.kind !== 'globstar') segments.push({ kind: 'globstar' });
    } else if (!hasGlobMagic(segment)) segments.push({ kind: 'literal', name: segment });
    else {
      const matches = compileSegment(segment);
      if (matches === undefined) return { tooComplex: segment };
      segments.push({ kind: 'wildcard', matches });
    }
  }
  return { segments };
}

/** What to say about a pattern whose `segment` has too many brace alternatives. */
export function tooComplexMessage(pattern: string, segment: string): string {
  return (
    `pattern "${excerpt(pattern)}" has braces that expand "${excerpt(segment)}" to more than ${MAX_ALTERNATIVES} alternatives; ` +
    'list fewer, or split it into several patterns'
  );
}

/**
 * The positions in `segments` reachable from `states` when each `**` may also match no
 * folder at all: the set of patterns tails a folder still has to match.
 */
export function withEmptyGlobstars(segments: readonly GlobSegment[], states: Iterable<number>): Set<number> {
  const reached = new Set<number>();
  for (let state of states) {
    reached.add(state);
    while (segments[state]?.kind === 'globstar') reached.add((state += 1));
  }
  return reached;
}

const compiled = new Map<string, CompiledGlob>();

/**
 * Whether a relative path (with "/" separators) matches the whole pattern, walking the
 * path's names once while carrying the set of pattern positions they can have reached.
 * A pattern with too many brace alternatives matches nothing: the load reports it at its line.
 */
export function matchGlob(pattern: string, relativePath: string): boolean {
  let glob = compiled.get(pattern);
  if (glob === undefined) {
    glob = compileGlob(pattern);
    compiled.set(pattern, glob);
  }
  if ('tooComplex' in glob) return false;
  const { segments } = glob;
  let states = withEmptyGlobstars(segments, [0]);
  for (const name of relativePath.split('/')) {
    if (name === '') continue;
    const next: number[] = [];
    for (const state of states) {
      const segment = segments[state];
      if (segment === undefined) continue;
      if (segment.kind === 'globstar') {
        if (!name.startsWith('.')) next.push(state);
      } else if (segment.kind === 'literal' ? segment.name === name : segment.matches(name)) next.push(state + 1);
    }
    if (next.length === 0) return false;
    states = withEmptyGlobstars(segments, next);
  }
  return states.has(segments.length);
}
