/**
 * A small glob dialect for `data:` entries (Node 20 has no stable fs.glob):
 *   `*`  any characters within one path segment, `?` one character,
 *   `**` as a whole segment: zero or more folders.
 * Wildcards do not match names starting with "." (as in shells). No braces or classes.
 */
export function hasGlobMagic(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/** Splits a pattern into segments; `\` is taken as `/` so Windows-style entries work too. */
export function globSegments(pattern: string): string[] {
  return pattern.replace(/\\/g, '/').split('/').filter((segment) => segment !== '' && segment !== '.');
}

/** A matcher for one path segment (a file or folder name). */
export function segmentMatcher(segment: string): (name: string) => boolean {
  if (!hasGlobMagic(segment)) return (name) => name === segment;
  let source = '';
  for (const char of segment) {
    if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const regex = new RegExp(`^${source}$`);
  const dotAllowed = segment.startsWith('.');
  return (name) => (dotAllowed || !name.startsWith('.')) && regex.test(name);
}

/** Whether a relative path (with "/" separators) matches the whole pattern. */
export function matchGlob(pattern: string, relativePath: string): boolean {
  return matchSegments(globSegments(pattern), relativePath.split('/').filter((s) => s !== ''));
}

function matchSegments(pattern: readonly string[], parts: readonly string[]): boolean {
  if (pattern.length === 0) return parts.length === 0;
  const [head, ...rest] = pattern;
  if (head === '**') {
    for (let skip = 0; skip <= parts.length; skip++) {
      if (skip > 0 && (parts[skip - 1] ?? '').startsWith('.')) return false;
      if (matchSegments(rest, parts.slice(skip))) return true;
    }
    return false;
  }
  const part = parts[0];
  return part !== undefined && segmentMatcher(head ?? '')(part) && matchSegments(rest, parts.slice(1));
}
