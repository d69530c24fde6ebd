import { followMoves } from '../../model/follow-moves.js';
import type { MoveDeclaration, SourceDefinition } from '../../model/types.js';
import { ancestorsOf } from './item-schema.js';

/** A property a declared move renamed: its old name, where it went, and the entry that says so. */
export interface MovedField {
  from: string;
  to: string;
  /** The `moved:` entry as written, `Doc.Summary` to `Doc.Abstract`, for the message. */
  entry: MoveDeclaration;
}

/**
 * The property names a source's `moved:` entries took away, by the type that holds the
 * property after the change (chains followed: A to B, B to C takes A to C). A data file that
 * still names one would push it under its old name, where nothing declares or serves it:
 * its value would be lost without a word, so validation names it instead.
 */
export class MovedFields {
  /** Owner type (after the change) → old property name → the move. */
  private readonly byOwner = new Map<string, Map<string, MovedField>>();
  /** A content type's moves, its bases' included (an item holds its bases' properties). */
  private readonly ofContentType = new Map<string, ReadonlyMap<string, MovedField>>();

  constructor(
    moves: readonly MoveDeclaration[],
    private readonly definition: SourceDefinition,
  ) {
    const byFrom = new Map(moves.map((move) => [move.from, move.to]));
    for (const entry of moves) {
      const dot = entry.from.indexOf('.');
      if (dot < 0) continue;
      const to = followMoves(entry.from, byFrom);
      const toDot = to.indexOf('.');
      if (toDot < 0) continue;
      const owner = to.slice(0, toDot);
      let fields = this.byOwner.get(owner);
      if (fields === undefined) this.byOwner.set(owner, (fields = new Map()));
      fields.set(entry.from.slice(dot + 1), { from: entry.from.slice(dot + 1), to: to.slice(toDot + 1), entry });
    }
  }

  get empty(): boolean {
    return this.byOwner.size === 0;
  }

  /** The move that took `name` away from an item of content type `typeName`, if one did. */
  contentTypeField(typeName: string, name: string): MovedField | undefined {
    let fields = this.ofContentType.get(typeName);
    if (fields === undefined) {
      const merged = new Map<string, MovedField>();
      for (const owner of [...ancestorsOf(this.definition, typeName).reverse(), typeName]) {
        for (const [from, field] of this.byOwner.get(owner) ?? []) merged.set(from, field);
      }
      this.ofContentType.set(typeName, (fields = merged));
    }
    return fields.get(name);
  }

  /** The move that took `name` away from a value of property type `typeName`, if one did. */
  propertyTypeField(typeName: string, name: string): MovedField | undefined {
    return this.byOwner.get(typeName)?.get(name);
  }
}
