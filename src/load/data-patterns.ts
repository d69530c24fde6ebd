import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { excerpt } from '../diagnostics/excerpt.js';
import { compileGlob, tooComplexMessage } from '../data/files/glob.js';
import { patternLeavesRoot } from '../data/files/pattern-scope.js';
import { isRecord } from '../model/is-record.js';
import type { ParsedDeclarationFile } from './parse.js';

/**
 * Adds a GF_OUTSIDE_PROJECT diagnostic, at the entry itself, for each `data:` pattern that
 * reaches outside the project folder (`..` above it, or an absolute path elsewhere): a pull
 * request must not be able to make graphform read and push files from the rest of the disk.
 * `declarationDir` is the absolute folder of the declaring file, which patterns are relative to.
 * Adds a GF_DATA_PATTERN_TOO_COMPLEX diagnostic for a pattern whose braces expand past the
 * limit, so the pull request that writes it fails at validate, before plan walks any folder.
 */
export function checkDataPatterns(file: ParsedDeclarationFile, declarationDir: string, root: string): ParsedDeclarationFile {
  const data = isRecord(file.value) ? file.value.data : undefined;
  if (!Array.isArray(data)) return file;
  const found: Diagnostic[] = [];
  data.forEach((pattern: unknown, index) => {
    if (typeof pattern !== 'string') return;
    // Located only for a diagnostic: a file without any has no parsed document kept, and locating reads it again.
    const entry = (): Pick<Diagnostic, 'severity' | 'file' | 'line' | 'column' | 'path'> => {
      const at = file.sourceMap.locate(['data', index], 'value');
      return { severity: 'error', file: file.file, line: at.line, column: at.column, path: `data[${index}]` };
    };
    const glob = compileGlob(pattern);
    if ('tooComplex' in glob) {
      found.push({
        code: 'GF_DATA_PATTERN_TOO_COMPLEX',
        message: `data: ${tooComplexMessage(pattern, glob.tooComplex)} (several data: entries are read as one list)`,
        ...entry(),
      });
    }
    const reaches = patternLeavesRoot(pattern, declarationDir, root);
    if (reaches === undefined) return;
    found.push({
      code: 'GF_OUTSIDE_PROJECT',
      message:
        `data: pattern "${excerpt(pattern)}" reaches ${excerpt(reaches, 200)}, outside the project folder ${excerpt(root, 200)}; ` +
        'data files must lie inside the project, so move them there and point the pattern at them',
      ...entry(),
    });
  });
  return found.length === 0 ? file : { ...file, diagnostics: [...file.diagnostics, ...found].sort(compareDiagnostics) };
}
