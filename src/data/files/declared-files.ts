import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import type { SourceDeclaration } from '../../model/types.js';
import { DATA_CODES } from '../codes.js';
import { dataIssue } from '../read/issue.js';
import { expandGlobs } from './expand-globs.js';

export interface ResolvedDataFiles {
  /** Absolute paths. */
  files: string[];
  /** Warnings for patterns that matched nothing. */
  issues: Diagnostic[];
  /**
   * The folder the files must lie in: the project root for a declaration's `data:` files,
   * undefined for files named on the command line. Pass it on as pushData's `projectRoot`.
   */
  projectRoot: string | undefined;
}

/** Where a command runs: `cwd`, which relative paths start from, and `root`, the project folder (the config's). */
export interface DataFilesBase {
  cwd: string;
  root: string;
}

/**
 * The files to push: the ones given (globs relative to cwd, read wherever they are), or
 * else the declaration's `data:` globs, which are relative to the folder of the declaring
 * file and must stay inside `root`, the project folder.
 */
export async function resolveDataFiles(declaration: SourceDeclaration, where: DataFilesBase, given: readonly string[] = []): Promise<ResolvedDataFiles> {
  const { cwd, root } = where;
  const fromDeclaration = given.length === 0;
  const baseDir = fromDeclaration ? path.resolve(cwd, path.dirname(declaration.file)) : cwd;
  const projectRoot = fromDeclaration ? path.resolve(cwd, root) : undefined;
  const { files, unmatched } = await expandGlobs(fromDeclaration ? declaration.data : given, baseDir, projectRoot);
  const issues = unmatched.map((pattern) => {
    // A declared pattern is pointed at where it is written in the declaration.
    const index = fromDeclaration ? declaration.data.indexOf(pattern) : -1;
    const at = index >= 0 ? declaration.dataAt?.[index] : undefined;
    const issue = dataIssue(
      DATA_CODES.noFilesMatched,
      fromDeclaration ? declaration.file : pattern,
      at?.line ?? 1,
      fromDeclaration
        ? `data: pattern "${excerpt(pattern)}" of source ${declaration.id} matches no file (relative to ${path.relative(cwd, baseDir) || '.'}).`
        : `"${excerpt(pattern)}" matches no file.`,
      fromDeclaration ? (index >= 0 ? `data[${index}]` : 'data') : '',
      'warning',
    );
    return at === undefined ? issue : { ...issue, column: at.column };
  });
  return { files, issues, projectRoot };
}
