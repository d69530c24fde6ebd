import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceMap } from './source-map-types.js';

/**
 * One declaration file as read: the plain value, where each part sits, and reading problems.
 * A module of its own so both readers (parse-yaml, the quick one in parse) and the source
 * maps share it without importing each other.
 */
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
