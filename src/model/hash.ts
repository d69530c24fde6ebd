import { createHash } from 'node:crypto';
import { canonicalDefinition, canonicalJson, compareText } from './canonical.js';
import type { SourceDeclaration, SourceDefinition } from './types.js';

/** `sha256:<hex>` of the canonical form: equal for definitions that mean the same. */
export function hashDefinition(definition: SourceDefinition): string {
  return sha256(canonicalJson(canonicalDefinition(definition)));
}

/**
 * The plan's `desiredHash`: every declared id with its canonical definition and its
 * `data:` globs (their order is the push order, so it is kept). The declaring file's
 * name is left out: moving a declaration to another file changes nothing.
 */
export function hashDeclarations(declarations: readonly SourceDeclaration[]): string {
  const entries = [...declarations]
    .sort((a, b) => compareText(a.id, b.id))
    .map((d) => ({ id: d.id, definition: canonicalDefinition(d.definition), data: [...d.data] }));
  return sha256(canonicalJson(entries));
}

function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}
