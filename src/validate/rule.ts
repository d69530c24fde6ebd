import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';
import type { SuggestionBudget } from '../diagnostics/suggest.js';
import type { ParsedDeclarationFile } from '../load/parse.js';
import { formatPath } from '../load/format-path.js';
import type { DeclarationPath, SourceMap } from '../load/source-map.js';
import type { DeclarationCode } from './codes.js';
import type { ValidationContext } from './context.js';
import type { SourceView } from './source-view.js';

export interface RuleInput {
  /** Every file, usable or not, in file-name order. */
  files: readonly ParsedDeclarationFile[];
  /** The usable files (top level is a map), in file-name order. */
  sources: readonly SourceView[];
  context: ValidationContext;
  /** "Did you mean" for every rule of the run, within one bound on the work. */
  suggest: SuggestionBudget;
}

/** One semantic check of the declarations, with the codes it can report. */
export interface Rule {
  name: string;
  check(input: RuleInput): Diagnostic[];
}

export interface At {
  sourceMap: SourceMap;
  path: DeclarationPath;
  /** Point at the key (default) or at the value. */
  where?: 'key' | 'value';
}

export function diagnosticAt(at: At, code: DeclarationCode, message: string, severity: Severity = 'error'): Diagnostic {
  const location = at.sourceMap.locate(at.path, at.where);
  return { code, severity, message, file: location.file, line: location.line, column: location.column, path: formatPath(at.path) };
}

/** "shop.yaml:12" for naming another place in a message. */
export function placeOf(sourceMap: SourceMap, path: DeclarationPath): string {
  const location = sourceMap.locate(path);
  return `${location.file}:${location.line}`;
}

/** The source's id when it is a string, for naming the source in messages. */
export function idOf(source: SourceView): string | undefined {
  return typeof source.id === 'string' && source.id !== '' ? source.id : undefined;
}
