import type { MoveDeclaration, SourceDefinition } from '../../model/types.js';
import type { PlainItemFields } from '../read/plain-item.js';
import type { BlockContext } from './check-block.js';
import { CleanLines } from './clean-lines.js';
import { createItemValidators } from './item-validators.js';
import { MovedFields } from './moved-fields.js';
import { recordKinds } from './record-kinds.js';

/**
 * What a thread needs to check blocks, as plain data that crosses to a worker thread. The
 * definition travels as JSON: user-given names such as `__proto__` stay own keys.
 */
export interface BlockSetup {
  sourceId: string;
  definitionJson: string;
  /** data.idField and data.languageField: allowed on plain items, never "undeclared". */
  routingFields: string[];
  fields: PlainItemFields;
  maxErrors: number;
  maxLineBytes: number;
  /** Hash each record's content (and note its type and language) for the comparison with what was last pushed. */
  hashContent: boolean;
  /** The declaration's `moved:` entries: a data file naming a property they took away is an error. */
  moves: MoveDeclaration[];
}

export function blockSetup(
  sourceId: string,
  definition: SourceDefinition,
  fields: PlainItemFields,
  maxErrors: number,
  maxLineBytes: number,
  hashContent = false,
  moves: readonly MoveDeclaration[] = [],
): BlockSetup {
  return {
    sourceId,
    definitionJson: JSON.stringify(definition),
    routingFields: [fields.idField, fields.languageField],
    fields,
    maxErrors,
    maxLineBytes,
    hashContent,
    moves: [...moves],
  };
}

/** Builds a thread's checker; the item validators come from createItemValidators, on every thread alike. */
export async function blockContext(setup: BlockSetup): Promise<BlockContext> {
  return contextFor(setup, JSON.parse(setup.definitionJson) as SourceDefinition);
}

/** The checker for `setup` with the definition as it is (the main thread has it already). */
export async function contextFor(setup: BlockSetup, definition: SourceDefinition): Promise<BlockContext> {
  const validators = createItemValidators(definition, setup.routingFields);
  return {
    rules: { sourceId: setup.sourceId, definition, validators, moved: new MovedFields(setup.moves, definition) },
    clean: new CleanLines(definition, validators),
    fields: setup.fields,
    maxErrors: setup.maxErrors,
    maxLineBytes: setup.maxLineBytes,
    hashContent: setup.hashContent,
    kinds: recordKinds(definition),
  };
}
