import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { GraphformError } from '../diagnostics/errors.js';
import type { GraphformErrorCode } from '../diagnostics/error-codes.js';

/**
 * The declarations are not valid, so the command did nothing. Carries the diagnostics
 * and the texts of the files they point into, for the caller to show (the command line
 * prints them with code frames before the error itself).
 */
export class InvalidDeclarationsError extends GraphformError {
  readonly diagnostics: readonly Diagnostic[];
  /** File → text of every declaration file, for code frames. */
  readonly sources: ReadonlyMap<string, string>;

  constructor(
    diagnostics: readonly Diagnostic[],
    sources: ReadonlyMap<string, string>,
    /** Another code and wording, for declarations graphform itself would write (import). */
    said: { code: GraphformErrorCode; message: string; hint: string } = invalidDeclarations('nothing was planned or sent'),
  ) {
    super(said.code, said.message, { hint: said.hint });
    this.diagnostics = diagnostics;
    this.sources = sources;
  }
}

/** GF_INVALID_DECLARATIONS, saying what the command therefore did not do (`nothing was written`). */
export function invalidDeclarations(nothing: string): { code: GraphformErrorCode; message: string; hint: string } {
  return {
    code: 'GF_INVALID_DECLARATIONS',
    message: `The declarations are not valid; ${nothing}.`,
    hint: 'Fix the problems above (`graphform validate` lists them).',
  };
}

export function isInvalidDeclarationsError(error: unknown): error is InvalidDeclarationsError {
  return error instanceof InvalidDeclarationsError;
}
