import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { findTooDeep } from './nesting-depth.js';
import { parseWithYaml } from './parse-yaml.js';
import { readCommonYaml } from './quick-yaml.js';
import { lazySourceMap, type SourceMap } from './source-map.js';

/** One declaration file as read: the plain value, where each part sits, and reading problems. */
export interface ParsedDeclarationFile {
  /** Path relative to the working directory, with forward slashes, as shown to users. */
  file: string;
  /** The file's text (without a byte-order mark), for code frames. */
  text: string;
  /** Plain JS value of the document; undefined when the file is unusable. */
  value: unknown;
  sourceMap: SourceMap;
  /** Problems found while reading (syntax, duplicate keys, empty file, not a map). */
  diagnostics: Diagnostic[];
}

/**
 * Reads one declaration file's text. Pure, and never throws on bad input. A file in the
 * plain YAML that declarations are written in is read by the quick reader, which keeps no
 * document: positions are worked out again from the text only when a diagnostic asks for
 * one. Anything else, including every file with a reading problem, goes to `yaml`.
 */
export function parseDeclarationFile(file: string, rawText: string): ParsedDeclarationFile {
  return parseQuickly(file, rawText) ?? parseWithYaml(file, withoutByteOrderMark(rawText));
}

/** The file as the quick reader reads it (no diagnostics), or undefined when it needs `yaml`. */
export function parseQuickly(file: string, rawText: string): ParsedDeclarationFile | undefined {
  const text = withoutByteOrderMark(rawText);
  // Too deep a file goes to parseWithYaml, which reports it without parsing it.
  if (findTooDeep(text) !== undefined) return undefined;
  const value = readCommonYaml(text);
  return value === undefined ? undefined : { file, text, value, sourceMap: lazySourceMap(file, text), diagnostics: [] };
}

export function withoutByteOrderMark(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
