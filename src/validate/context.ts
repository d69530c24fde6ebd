import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceDeclaration, SourceDefinition } from '../model/types.js';

/** What validation needs from the config and the state, passed in so validation stays pure. */
export interface ValidationContext {
  /** Scalar property types the service knows (config `scalarTypes`). */
  scalarTypes: readonly string[];
  /** The CMS's content type names (config `reservedTypeNames`). */
  reservedTypeNames: readonly string[];
  /** The account's allowance of sources, when known (config `maxSources`). */
  maxSources: number | undefined;
  /**
   * Sources in state, by id. Those no file declares any more still exist on the service
   * until applied, so their content type names take part in the collision check.
   */
  stateSources: Readonly<Record<string, SourceDefinition>>;
}

export interface ValidationResult {
  /** Sorted by id; only for files without errors. */
  declarations: SourceDeclaration[];
  /** Every problem of every file, sorted with compareDiagnostics. */
  diagnostics: Diagnostic[];
}
