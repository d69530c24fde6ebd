import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { SuggestionBudget } from '../diagnostics/suggest.js';
import type { ParsedDeclarationFile } from '../load/parse.js';
import type { SourceDeclaration } from '../model/types.js';
import type { ValidationContext, ValidationResult } from './context.js';
import { rules } from './rules/index.js';
import { checkSchema } from './schema-check.js';
import { schemaDiagnostics } from './schema-diagnostics.js';
import { viewSource, type SourceView } from './source-view.js';
import { toSourceDeclaration } from './to-declaration.js';

export type { ValidationContext, ValidationResult } from './context.js';

/**
 * Validates parsed declaration files: the schema first, then every semantic rule on every
 * usable file, so each file reports all of its problems and one bad file hides nothing of
 * another's. Pure. Declarations come only from files without errors.
 */
export function validateDeclarations(files: readonly ParsedDeclarationFile[], context: ValidationContext): ValidationResult {
  const ordered = [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const diagnostics: Diagnostic[] = ordered.flatMap((file) => file.diagnostics);
  const candidates = new Map<string, SourceDeclaration>();
  const sources: SourceView[] = [];
  const byRules = new Map<string, Diagnostic[]>();

  for (const file of ordered) {
    const view = viewSource(file);
    if (view === undefined) continue;
    sources.push(view);
    const checked = checkSchema(file.value);
    if (checked.valid) {
      const declaration = toSourceDeclaration(file.file, checked.value);
      if (declaration.data.length > 0) declaration.dataAt = declaration.data.map((_, i) => position(file.sourceMap.locate(['data', i], 'value')));
      candidates.set(file.file, declaration);
    } else {
      const found = schemaDiagnostics(checked.errors, file);
      diagnostics.push(...found.diagnostics);
      byRules.set(file.file, found.byRules);
    }
  }
  const suggest = new SuggestionBudget();
  for (const rule of rules) diagnostics.push(...rule.check({ files: ordered, sources, context, suggest }));

  const failed = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  // A file the schema refused is never silently undeclared: where no rule said why, the schema does.
  for (const [file, owned] of byRules) {
    if (failed.has(file)) continue;
    diagnostics.push(...(owned.length > 0 ? owned : [refusedWithoutReason(file)]));
    failed.add(file);
  }
  const declarations = [...candidates.values()].filter((declaration) => !failed.has(declaration.file)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { declarations, diagnostics: diagnostics.sort(compareDiagnostics) };
}

function refusedWithoutReason(file: string): Diagnostic {
  return {
    code: 'GF_INVALID_VALUE',
    severity: 'error',
    message: 'the declaration does not match the content source format (schema/content-source.schema.json); an editor with the schema shows where',
    file,
    line: 1,
    column: 1,
    path: '',
  };
}

function position(location: { line: number; column: number }): { line: number; column: number } {
  return { line: location.line, column: location.column };
}
