import path from 'node:path';
import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { escapeUnprintable, excerpt } from '../diagnostics/excerpt.js';
import { matchGlob } from '../data/files/glob.js';
import { isRecord } from '../model/is-record.js';
import type { ParsedDeclarationFile } from './parse.js';

/** One `data:` entry: the glob joined to its declaring file's folder, and where it is written. */
interface DataPattern {
  joined: string;
  written: string;
  declaredIn: ParsedDeclarationFile;
  index: number;
}

/**
 * Leaves out the files that some declaration lists under `data:`: a YAML list of items
 * kept beside the declarations is data, not a broken declaration. Globs are relative to
 * the folder of the declaring file, as `data push` reads them.
 *
 * A file that is, or would be, a declaration (a map with a declaration's own keys such as
 * `id` or `contentTypes`) is never data (data is a list of items), so it is kept, and the pattern that matches it is an error at its own line
 * (GF_DATA_MATCHES_DECLARATION): one broad glob such as `../**\/*.yaml` would otherwise
 * turn every declaration into data, and validate would pass an empty project while plan
 * showed every source as orphaned.
 */
export function excludeDataFiles(files: readonly ParsedDeclarationFile[]): ParsedDeclarationFile[] {
  const patterns = files.flatMap(dataPatterns);
  if (patterns.length === 0) return [...files];
  const found = new Map<ParsedDeclarationFile, Diagnostic[]>();
  const kept = files.filter((file) => {
    const shown = path.posix.normalize(file.file);
    const matching = patterns.filter((pattern) => matchGlob(pattern.joined, shown));
    if (matching.length === 0) return true;
    if (!isDeclaration(file.value)) return false;
    for (const pattern of matching) {
      const list = found.get(pattern.declaredIn) ?? [];
      list.push(matchesDeclaration(pattern, file.file));
      found.set(pattern.declaredIn, list);
    }
    return true;
  });
  return kept.map((file) => {
    const extra = found.get(file);
    return extra === undefined ? file : { ...file, diagnostics: [...file.diagnostics, ...extra].sort(compareDiagnostics) };
  });
}

/** The `data:` globs of every file, each joined to its declaring file's folder. */
export function dataFilePatterns(files: readonly ParsedDeclarationFile[]): string[] {
  return files.flatMap((f) => dataPatterns(f).map((p) => p.joined));
}

/** Whether `file` (as shown, with forward slashes) matches one of `patterns`. */
export function isDataFile(file: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchGlob(pattern, path.posix.normalize(file)));
}

/** Keys that only a declaration has at its top level; an item's properties are named by its content type. */
const DECLARATION_KEYS = ['id', 'contentTypes', 'propertyTypes', 'languages', 'data'];

function isDeclaration(value: unknown): boolean {
  return isRecord(value) && DECLARATION_KEYS.some((key) => Object.hasOwn(value, key));
}

function dataPatterns(file: ParsedDeclarationFile): DataPattern[] {
  const data = isRecord(file.value) ? file.value.data : undefined;
  if (!Array.isArray(data)) return [];
  const dir = path.posix.dirname(file.file);
  return data.flatMap((written: unknown, index) =>
    typeof written === 'string' ? [{ joined: path.posix.join(dir, written), written, declaredIn: file, index }] : [],
  );
}

function matchesDeclaration(pattern: DataPattern, declaration: string): Diagnostic {
  const at = pattern.declaredIn.sourceMap.locate(['data', pattern.index], 'value');
  const itself = declaration === pattern.declaredIn.file;
  const what = itself ? 'this declaration itself' : `the declaration ${escapeUnprintable(declaration)}`;
  return {
    code: 'GF_DATA_MATCHES_DECLARATION',
    severity: 'error',
    message:
      `data: pattern "${excerpt(pattern.written)}" matches ${what}: a declaration is never data, so it is read as a declaration; ` +
      'narrow the pattern to the files of items (YAML lists, NDJSON, JSON arrays), such as data/shop/*.ndjson',
    file: pattern.declaredIn.file,
    line: at.line,
    column: at.column,
    path: `data[${pattern.index}]`,
  };
}
