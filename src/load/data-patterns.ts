import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { excerpt } from '../diagnostics/excerpt.js';
import { patternLeavesRoot } from '../data/files/pattern-scope.js';
import { isRecord } from '../model/is-record.js';
import type { ParsedDeclarationFile } from './parse.js';

/**
 * Adds a GF_OUTSIDE_PROJECT diagnostic, at the entry itself, for each `data:` pattern that
 * reaches outside the project folder (`..` above it, or an absolute path elsewhere): a pull
 * request must not be able to make graphform read and push files from the rest of the disk.
 * `declarationDir` is the absolute folder of the declaring file, which patterns are relative to.
 */
export function checkDataPatterns(file: ParsedDeclarationFile, declarationDir: string, root: string): ParsedDeclarationFile {
  const data = isRecord(file.value) ? file.value.data : undefined;
  if (!Array.isArray(data)) return file;
  const found: Diagnostic[] = [];
  data.forEach((pattern: unknown, index) => {
    if (typeof pattern !== 'string') return;
    const reaches = patternLeavesRoot(pattern, declarationDir, root);
    if (reaches === undefined) return;
    const at = file.sourceMap.locate(['data', index], 'value');
    found.push({
      code: 'GF_OUTSIDE_PROJECT',
      severity: 'error',
      message: `data: pattern "${excerpt(pattern)}" reaches ${excerpt(reaches, 200)}, outside the project folder ${excerpt(root, 200)}; data files must lie inside the project, so move them there and point the pattern at them`,
      file: file.file,
      line: at.line,
      column: at.column,
      path: `data[${index}]`,
    });
  });
  return found.length === 0 ? file : { ...file, diagnostics: [...file.diagnostics, ...found].sort(compareDiagnostics) };
}
