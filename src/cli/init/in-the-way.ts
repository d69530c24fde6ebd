import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { describeKind } from '../../fs/project-file.js';

/** Something where init needs a folder or a file, and that cannot be one. */
export interface InTheWay {
  /** Relative to the project folder ('.' for the folder itself). */
  path: string;
  /** What is there: "a regular file", "a FIFO (named pipe)". */
  is: string;
  needs: 'a folder' | 'a file';
}

/**
 * What would stop init half-way, checked before it writes anything: every folder of every
 * file it writes must be a folder or not exist yet, each file must not exist or be a file
 * (it is then left as it is), and the declarations folder must be a folder or not exist,
 * even when init writes nothing into it (a project whose declarations folder is a file is
 * not one, and a second init must not call it fine). Links are followed, as the writes do.
 */
export async function findInTheWay(target: string, files: readonly string[], folders: readonly string[]): Promise<InTheWay[]> {
  const needs = new Map<string, InTheWay['needs']>([['.', 'a folder']]);
  for (const folder of folders) for (const prefix of prefixes(folder)) needs.set(prefix, 'a folder');
  for (const file of files) {
    for (const prefix of prefixes(path.dirname(file))) needs.set(prefix, 'a folder');
    if (!needs.has(file)) needs.set(file, 'a file');
  }
  const found: InTheWay[] = [];
  for (const [relative, need] of needs) {
    const is = await kindAt(path.join(target, relative));
    if (is === undefined || (need === 'a folder' ? is === 'a folder' : is === 'a regular file')) continue;
    // Under something in the way, nothing more can be told: name only the first.
    if (found.some((f) => relative.startsWith(`${f.path}/`))) continue;
    found.push({ path: relative, is, needs: need });
  }
  return found;
}

/** GF_INIT_IN_THE_WAY, naming each path and what init needs there. Nothing was written. */
export function inTheWayError(found: readonly InTheWay[], shown: (relative: string) => string): GraphformError {
  const lines = found.map((f) => `${shown(f.path)} is ${f.is}, where init needs ${f.needs}`);
  return new GraphformError('GF_INIT_IN_THE_WAY', `graphform init cannot set up this project: ${lines.join('; ')}. Nothing was written.`, {
    details: { paths: found.map((f) => f.path) },
    hint: 'Move or rename what is in the way (or choose another declarations folder), then run `graphform init` again.',
  });
}

/** "a/b/c" → ["a", "a/b", "a/b/c"]; "." → []. */
function prefixes(relative: string): string[] {
  const parts = path
    .normalize(relative)
    .split(path.sep)
    .filter((part) => part !== '' && part !== '.');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** What the path is, links followed (a link to nothing is named as such); undefined when nothing is there. */
async function kindAt(file: string): Promise<string | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? 'a regular file' : describeKind(info);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return undefined;
    if (code !== 'ENOENT') return `unreadable (${code ?? 'unknown'})`;
    // A link whose target is missing is something: a write through it would create a file elsewhere.
    return (await lstat(file).then(
      (own) => own.isSymbolicLink(),
      () => false,
    ))
      ? 'a symbolic link to nothing'
      : undefined;
  }
}
