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
  /**
   * Content type names the account already uses outside graphform: the CMS's own source
   * and every source that is neither declared nor in state. Read from the service while
   * planning; absent offline (reservedTypeNames is the fallback).
   */
  accountTypes?: readonly AccountTypes[];
  /**
   * The definitions the service holds, by source id, when planning has read them: what a
   * `moved` entry must not overwrite is judged on these, and on state where absent.
   */
  heldSources?: Readonly<Record<string, SourceDefinition>>;
  /**
   * The ids the config's `codegen.sources` names, each with where it is written (the config
   * file, as diagnostics name files, and its line and column when the config has positions).
   * Absent when the config names none.
   */
  codegenSources?: readonly ConfigEntry[];
}

/** One value of a list in the config, and where it is written. */
export interface ConfigEntry {
  value: string;
  /** The config file, relative to the working directory. */
  file: string;
  /** 1-based; 1:1 when the config (a JS one) keeps no positions. */
  line: number;
  column: number;
  /** Key path in the config, e.g. codegen.sources[1]. */
  path: string;
}

/** The content type names of one source graphform does not manage. */
export interface AccountTypes {
  id: string;
  /** The CMS's own source (`default`). */
  cms: boolean;
  contentTypes: readonly string[];
}

export interface ValidationResult {
  /** Sorted by id; only for files without errors. */
  declarations: SourceDeclaration[];
  /** Every problem of every file, sorted with compareDiagnostics. */
  diagnostics: Diagnostic[];
}
