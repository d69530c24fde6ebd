import type { Dirent } from 'node:fs';
import path from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { promiseFileCalls, type FileCalls } from '../../fs/file-calls.js';
import { DATA_ERROR_CODES } from '../codes.js';
import { compileGlob, hasGlobMagic, tooComplexMessage, withEmptyGlobstars, type GlobSegment } from './glob.js';
import { patternLeavesRoot } from './pattern-scope.js';

/**
 * Expands glob patterns relative to `baseDir` into absolute file paths, sorted and without
 * duplicates. A pattern without wildcards is returned as it is (even when missing), so the
 * caller reports a missing file by name. Folders are walked only as far as the pattern needs.
 * With `projectRoot`, a pattern that reaches outside it is not expanded at all (no folder outside
 * is listed) but returned as it is, for the caller to refuse by name.
 */
export async function expandGlobs(
  patterns: readonly string[],
  baseDir: string,
  projectRoot?: string,
  calls: FileCalls = promiseFileCalls,
): Promise<{ files: string[]; unmatched: string[] }> {
  const found = new Set<string>();
  const unmatched: string[] = [];
  for (const pattern of patterns) {
    if (!hasGlobMagic(pattern) || (projectRoot !== undefined && patternLeavesRoot(pattern, baseDir, projectRoot) !== undefined)) {
      found.add(path.resolve(baseDir, pattern));
      continue;
    }
    const root = path.isAbsolute(pattern) ? path.parse(pattern).root : baseDir;
    const glob = compileGlob(path.isAbsolute(pattern) ? pattern.slice(root.length) : pattern);
    if ('tooComplex' in glob) {
      throw new GraphformError(DATA_ERROR_CODES.patternTooComplex, `The ${tooComplexMessage(pattern, glob.tooComplex)}.`, { details: { pattern } });
    }
    const matches = await walk(root, glob.segments, calls);
    if (matches.length === 0) unmatched.push(pattern);
    for (const match of matches) found.add(match);
  }
  return { files: [...found].sort(), unmatched };
}

/**
 * The files under `root` that match `segments`, found without recursion: each work item is
 * a folder and the pattern positions still open there, and a folder is listed once per
 * item. A (folder, position) pair is taken up once at most, so `**\/**\/…` and
 * `**\/a/**\/a/…` cost one pass over the tree per position, not one per way of splitting
 * the path among the globstars.
 */
async function walk(root: string, segments: readonly GlobSegment[], calls: FileCalls): Promise<string[]> {
  const results = new Set<string>();
  const seen = new Set<string>();
  const todo: { dir: string; states: Iterable<number> }[] = [{ dir: root, states: [0] }];
  for (let item = todo.pop(); item !== undefined; item = todo.pop()) {
    const { dir } = item;
    const open = [...withEmptyGlobstars(segments, item.states)].filter((state) => !seen.has(`${state}\0${dir}`));
    if (open.length === 0) continue;
    for (const state of open) seen.add(`${state}\0${dir}`);
    const listed: number[] = [];
    for (const state of open) {
      const segment = segments[state];
      if (segment === undefined) {
        if (await isEntryButFolder(dir, calls)) results.add(dir);
      } else if (segment.kind === 'literal') todo.push({ dir: path.join(dir, segment.name), states: [state + 1] });
      else listed.push(state);
    }
    if (listed.length === 0) continue;
    for (const entry of await entries(dir, calls)) {
      const full = path.join(dir, entry.name);
      const next: number[] = [];
      for (const state of listed) {
        const segment = segments[state];
        if (segment?.kind === 'globstar') {
          if (entry.isDirectory() && !entry.name.startsWith('.')) next.push(state);
        } else if (segment?.kind === 'wildcard' && segment.matches(entry.name)) {
          if (state + 1 < segments.length) {
            if (entry.isDirectory()) next.push(state + 1);
          } else if (!entry.isDirectory() && !(entry.isSymbolicLink() && (await isFolder(full, calls)))) {
            // Anything but a folder is a match, FIFOs and dangling links included: the reader refuses those by name.
            results.add(full);
          }
        }
      }
      if (next.length > 0) todo.push({ dir: full, states: next });
    }
  }
  return [...results];
}

async function entries(dir: string, calls: FileCalls): Promise<Dirent[]> {
  try {
    return await calls.readdir(dir);
  } catch {
    return [];
  }
}

/** Something is there (a dangling link counts) and it is not a folder. */
async function isEntryButFolder(file: string, calls: FileCalls): Promise<boolean> {
  try {
    await calls.lstat(file);
  } catch {
    return false;
  }
  return !(await isFolder(file, calls));
}

async function isFolder(file: string, calls: FileCalls): Promise<boolean> {
  try {
    return (await calls.stat(file)).isDirectory();
  } catch {
    return false;
  }
}
