import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseDeclarationFile } from '../load/parse.js';
import { hashDefinition } from '../model/hash.js';
import { recordFrom } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import type { ValidationContext } from '../validate/context.js';
import { validateDeclarations } from '../validate/validate.js';

/** A declaration `graphform import` is about to write, and the definition it must declare. */
export interface DeclarationDraft {
  id: string;
  /** Where it will be written, as shown to users. */
  file: string;
  text: string;
  definition: SourceDefinition;
}

export interface DraftCheck {
  /** Every problem `graphform validate` would report for the drafts (errors and warnings). */
  diagnostics: Diagnostic[];
  /** Drafts that validate but would not declare their source's definition: a plan after them would not be empty. */
  different: string[];
}

/**
 * Runs the drafts through the same reading and validation as `graphform validate`, all
 * together (so two imported sources that share a content type name are caught), and
 * checks that each one reads back as exactly the definition that goes into state. Pure.
 */
export function checkDrafts(drafts: readonly DeclarationDraft[], context: ValidationContext): DraftCheck {
  const result = validateDeclarations(
    drafts.map((draft) => parseDeclarationFile(draft.file, draft.text)),
    context,
  );
  const read = new Map(result.declarations.map((declaration) => [declaration.file, declaration]));
  const different = drafts
    .filter((draft) => {
      const declared = read.get(draft.file);
      // A draft that did not validate is reported through its diagnostics instead.
      if (declared === undefined) return false;
      return declared.id !== draft.id || hashDefinition(declared.definition) !== hashDefinition(draft.definition);
    })
    .map((draft) => draft.id);
  return { diagnostics: result.diagnostics, different };
}

/** The validation context for drafts: the state's other sources take part in the name checks. */
export function draftContext(
  base: Pick<ValidationContext, 'scalarTypes' | 'reservedTypeNames'>,
  stateSources: Readonly<Record<string, SourceDefinition>>,
  importing: readonly string[],
): ValidationContext {
  const others = recordFrom(Object.entries(stateSources).filter(([id]) => !importing.includes(id)));
  return { scalarTypes: base.scalarTypes, reservedTypeNames: base.reservedTypeNames, maxSources: undefined, stateSources: others };
}
