import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { globSegments, hasGlobMagic, segmentMatcher } from './glob.js';
import { patternLeavesRoot } from './pattern-scope.js';

/**
 * Expands glob patterns relative to `baseDir` into absolute file paths, sorted and without
 * duplicates. A pattern without wildcards is returned as it is (even when missing), so the
 * caller reports a missing file by name. Folders are walked only as far as the pattern needs.
 * With `projectRoot`, a pattern that reaches outside it is not expanded at all (no folder outside
 * is listed) but returned as it is, for the caller to refuse by name.
 */
export async function expandGlobs(patterns: readonly string[], baseDir: string, projectRoot?: string): Promise<{ files: string[]; unmatched: string[] }> {
  const found = new Set<string>();
  const unmatched: string[] = [];
  for (const pattern of patterns) {
    if (!hasGlobMagic(pattern) || (projectRoot !== undefined && patternLeavesRoot(pattern, baseDir, projectRoot) !== undefined)) {
      found.add(path.resolve(baseDir, pattern));
      continue;
    }
    const root = path.isAbsolute(pattern) ? path.parse(pattern).root : baseDir;
    const matches = await walk(root, globSegments(path.isAbsolute(pattern) ? pattern.slice(root.length) : pattern));
    if (matches.length === 0) unmatched.push(pattern);
    for (const match of matches) found.add(match);
  }
  return { files: [...found].sort(), unmatched };
}

async function walk(dir: string, segments: readonly string[]): Promise<string[]> {
  const [head, ...rest] = segments;
  if (head === undefined) return (await isEntryButFolder(dir)) ? [dir] : [];
  if (head === '**') {
    const results = await walk(dir, rest);
    for (const entry of await entries(dir)) {
      if (entry.isDirectory() && !entry.name.startsWith('.')) results.push(...(await walk(path.join(dir, entry.name), segments)));
    }
    return results;
  }
  if (!hasGlobMagic(head)) return walk(path.join(dir, head), rest);
  const matches = segmentMatcher(head);
  const results: string[] = [];
  for (const entry of await entries(dir)) {
    if (!matches(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (rest.length === 0) {
      // Anything but a folder is a match, FIFOs and dangling links included: the reader refuses those by name.
      if (!entry.isDirectory() && !(entry.isSymbolicLink() && (await isFolder(full)))) results.push(full);
    } else if (entry.isDirectory()) {
      results.push(...(await walk(full, rest)));
    }
  }
  return results;
}

async function entries(dir: string): Promise<import('node:fs').Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Something is there (a dangling link counts) and it is not a folder. */
async function isEntryButFolder(file: string): Promise<boolean> {
  try {
    await lstat(file);
  } catch {
    return false;
  }
  return !(await isFolder(file));
}

async function isFolder(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}
