import path from 'node:path';
import { isWithin } from '../../fs/project-file.js';
import { globSegments } from './glob.js';

/**
 * Where a `data:` pattern can reach at its highest, when that is outside `root`; undefined
 * when it stays inside. Decided on the pattern's text alone (nothing is read): `..`
 * segments and absolute paths count, and `**` is taken as matching no folder at all,
 * because that is as high as a later `..` can then climb.
 */
export function patternLeavesRoot(pattern: string, baseDir: string, root: string): string | undefined {
  const lowest = globSegments(pattern).filter((segment) => segment !== '**');
  const start = path.isAbsolute(pattern) ? path.parse(pattern).root : baseDir;
  const highest = path.resolve(start, ...lowest);
  return isWithin(root, highest) ? undefined : highest;
}
