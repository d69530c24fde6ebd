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
  // The hash of canonicalJson of the whole list, fed one entry at a time: the same bytes,
  // without holding every source's canonical form and text at once.
  const hash = createHash('sha256').update('[', 'utf8');
  [...declarations]
    .sort((a, b) => compareText(a.id, b.id))
    .forEach((d, index) => {
      const entry = { id: d.id, definition: canonicalDefinition(d.definition), data: [...d.data] };
      hash.update(`${index === 0 ? '' : ','}${canonicalJson(entry)}`, 'utf8');
    });
  return `sha256:${hash.update(']', 'utf8').digest('hex')}`;
}

function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}
