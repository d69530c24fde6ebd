import { createHash } from 'node:crypto';
import { canonicalDefinition, canonicalJson, canonicalText, compareText } from './canonical.js';
import type { SourceDeclaration, SourceDefinition } from './types.js';

/** `sha256:<hex>` of the canonical form: equal for definitions that mean the same. */
export function hashDefinition(definition: SourceDefinition): string {
  return sha256(canonicalText(canonicalDefinition(definition)));
}

/**
 * The plan's `desiredHash`: every declared id with its canonical definition and its
 * `data:` globs (their order is the push order, so it is kept). The declaring file's
 * name is left out: moving a declaration to another file changes nothing.
 */
export function hashDeclarations(declarations: readonly SourceDeclaration[]): string {
  const hash = new DeclarationsHash();
  for (const d of [...declarations].sort((a, b) => compareText(a.id, b.id))) hash.add(d, canonicalDefinition(d.definition));
  return hash.digest();
}

/**
 * hashDeclarations fed one declaration at a time, in id order (compareText), each with its
 * canonical form already made: the hash of canonicalJson of the whole list, the same bytes,
 * without holding every source's canonical form and text at once.
 */
export class DeclarationsHash {
  private readonly hash = createHash('sha256').update('[', 'utf8');
  private entries = 0;

  add(declaration: SourceDeclaration, canonical: SourceDefinition): void {
    // canonicalJson({id, definition, data}): its keys in sorted order, the definition canonical.
    // moved, convert and keep only when declared, so a declaration without them hashes as it always did.
    const own = (key: 'convert' | 'keep' | 'moved'): string => (declaration[key] === undefined ? '' : `,"${key}":${canonicalJson(declaration[key])}`);
    const entry =
      `{${own('convert').slice(1)}${declaration.convert === undefined ? '' : ','}"data":${JSON.stringify(declaration.data)},` +
      `"definition":${canonicalText(canonical)},` +
      `"id":${JSON.stringify(declaration.id)}${own('keep')}${own('moved')}}`;
    this.hash.update(`${this.entries++ === 0 ? '' : ','}${entry}`, 'utf8');
  }

  digest(): string {
    return `sha256:${this.hash.update(']', 'utf8').digest('hex')}`;
  }
}

function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}
