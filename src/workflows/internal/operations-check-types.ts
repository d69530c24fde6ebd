import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ItemField } from '../../emulator/types.js';
import type { FrontendDocument } from '../../operations/check.js';
import type { Extracted } from '../../operations/extract.js';
import type { NamedDefinition } from '../../operations/planned-sources.js';
import type { CheckedOperation } from '../../operations/types.js';

/** The GraphQL of the documents read, and the files it could not be taken from. */
export interface ExtractedDocuments {
  documents: FrontendDocument[];
  diagnostics: Diagnostic[];
}

/**
 * The schemas to check against: the operations against `after`, each change from `before`
 * to it named. Sources named in `optional` are left out when the schema does not build with them.
 */
export interface CheckInputs {
  before: readonly NamedDefinition[] | undefined;
  after: readonly NamedDefinition[];
  optional: readonly string[];
  itemFields: readonly ItemField[];
}

/** What checking the documents found; the same whichever thread checked them, and what the cache keeps. */
export interface CheckOutcome {
  operations: CheckedOperation[];
  /** Files whose GraphQL could not be taken out (not JavaScript, not GraphQL). */
  extractDiagnostics: Diagnostic[];
  /** GraphQL that does not parse, names defined twice, fragments no operation spreads that are not valid. */
  checkDiagnostics: Diagnostic[];
  schemaProblems?: string[];
}

/** The GraphQL taken out of the code files that need the tag extractor, by file. */
export interface Extraction {
  results(): Promise<ReadonlyMap<string, Extracted>>;
}
