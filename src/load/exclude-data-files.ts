import path from 'node:path';
import { matchGlob } from '../data/files/glob.js';
import type { ParsedDeclarationFile } from './parse.js';

/**
 * Leaves out the files that some declaration lists under `data:`: a YAML list of items
 * kept beside the declarations is data, not a broken declaration. Globs are relative to
 * the folder of the declaring file, as `data push` reads them.
 */
export function excludeDataFiles(files: readonly ParsedDeclarationFile[]): ParsedDeclarationFile[] {
  const patterns = dataFilePatterns(files);
  if (patterns.length === 0) return [...files];
  return files.filter((f) => !isDataFile(f.file, patterns));
}

/** The `data:` globs of every file, each joined to its declaring file's folder. */
export function dataFilePatterns(files: readonly ParsedDeclarationFile[]): string[] {
  return files.flatMap((f) => dataGlobs(f).map((glob) => path.posix.join(path.posix.dirname(f.file), glob)));
}

/** Whether `file` (as shown, with forward slashes) matches one of `patterns`. */
export function isDataFile(file: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchGlob(pattern, path.posix.normalize(file)));
}

function dataGlobs(file: ParsedDeclarationFile): string[] {
  const value = file.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const data = (value as { data?: unknown }).data;
  return Array.isArray(data) ? data.filter((d): d is string => typeof d === 'string') : [];
}
