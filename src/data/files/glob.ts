import picomatch from 'picomatch';

/**
 * The glob dialect of `data:` entries is picomatch's (Node 20 has no stable fs.glob):
 * `*`, `?`, `**` as a whole segment, classes `[abc]` and braces `*.{json,ndjson}` within
 * one path segment. Wildcards do not match names starting with "." (as in shells).
 * Folders are still walked by expand-globs, segment by segment, so the walk never leaves
 * the project and reports FIFOs and dangling links instead of skipping them.
 */
const OPTIONS: picomatch.PicomatchOptions = { dot: false };

/**
 * Any wildcard, class or brace makes a pattern; picomatch's own scan says "no glob" for a
 * pattern with an unclosed `[`, which would turn `items/[*.json` into a missing file.
 */
export function hasGlobMagic(pattern: string): boolean {
  return /[*?[{]/.test(pattern);
}

/** Splits a pattern into segments; `\` is taken as `/` so Windows-style entries work too. */
export function globSegments(pattern: string): string[] {
  return pattern.replace(/\\/g, '/').split('/').filter((segment) => segment !== '' && segment !== '.');
}

/** A matcher for one path segment (a file or folder name). */
export function segmentMatcher(segment: string): (name: string) => boolean {
  if (!hasGlobMagic(segment)) return (name) => name === segment;
  const matches = picomatch(segment, { ...OPTIONS, dot: segment.startsWith('.') });
  return (name) => matches(name);
}

const compiled = new Map<string, (path: string) => boolean>();

/** Whether a relative path (with "/" separators) matches the whole pattern. */
export function matchGlob(pattern: string, relativePath: string): boolean {
  let matches = compiled.get(pattern);
  if (matches === undefined) {
    matches = picomatch(globSegments(pattern).join('/'), OPTIONS);
    compiled.set(pattern, matches);
  }
  return matches(relativePath.split('/').filter((s) => s !== '').join('/'));
}
