import type { ParsedDeclarationFile } from './declaration-file.js';
import { findTooDeep } from './nesting-depth.js';
import { parseWithYaml } from './parse-yaml.js';
import { readCommonYaml } from './quick-yaml.js';
import { lazySourceMap } from './source-map.js';

export type { ParsedDeclarationFile } from './declaration-file.js';

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
