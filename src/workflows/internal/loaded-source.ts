import type { ResolvedConfig } from '../../config/types.js';
import type { SourceDeclaration } from '../../model/types.js';

/** A declared source, read and validated, for the data workflows. */
export interface LoadedSource {
  config: ResolvedConfig;
  declaration: SourceDeclaration;
  /** File → text of the declaration files, to point a diagnostic at a line of one. */
  sources: ReadonlyMap<string, string>;
}
