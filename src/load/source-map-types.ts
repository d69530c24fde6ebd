import type { SourceLocation } from '../model/types.js';

// The source map's types, apart from both implementations (yaml's and the quick reader's), which import them.

/** A path into a declaration: map keys and list indexes, e.g. ['contentTypes', 'Item', 'contentType', 0]. */
export type DeclarationPath = readonly (string | number)[];

/** Where a part of a declaration sits in its file. */
export interface SourceMap {
  readonly file: string;
  /**
   * The 1-based position of the key (the default, for map members) or of the value at
   * `path`. A path that does not exist resolves to its nearest existing ancestor; the
   * empty path, or a file without content, to 1:1.
   */
  locate(path: DeclarationPath, where?: 'key' | 'value'): SourceLocation;
}
