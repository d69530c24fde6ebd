import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceDeclaration } from '../../model/types.js';
import { DATA_CODES } from '../codes.js';
import { dataIssue } from '../read/issue.js';
import { expandGlobs } from './expand-globs.js';

export interface ResolvedDataFiles {
  /** Absolute paths. */
  files: string[];
  /** Warnings for patterns that matched nothing. */
  issues: Diagnostic[];
}

/**
 * The files to push: the ones given (globs relative to cwd), or else the declaration's
 * `data:` globs, which are relative to the folder of the declaring file.
 */
export async function resolveDataFiles(declaration: SourceDeclaration, cwd: string, given: readonly string[] = []): Promise<ResolvedDataFiles> {
  const fromDeclaration = given.length === 0;
  const baseDir = fromDeclaration ? path.resolve(cwd, path.dirname(declaration.file)) : cwd;
  const { files, unmatched } = await expandGlobs(fromDeclaration ? declaration.data : given, baseDir);
  const issues = unmatched.map((pattern) =>
    dataIssue(
      DATA_CODES.noFilesMatched,
      fromDeclaration ? declaration.file : pattern,
      1,
      fromDeclaration ? `data: pattern "${pattern}" of source ${declaration.id} matches no file (relative to ${path.relative(cwd, baseDir) || '.'}).` : `"${pattern}" matches no file.`,
      fromDeclaration ? 'data' : '',
      'warning',
    ),
  );
  return { files, issues };
}
