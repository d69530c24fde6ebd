import { followMoves } from '../model/follow-moves.js';
import type { MoveDeclaration } from '../model/types.js';

/**
 * A source's declared renames, chains followed (A → B, B → C takes A to C): what a type
 * (content type or property type) and a property of one are called after the change.
 * Validation has refused moves that clash, so each name moves at most once.
 */
export class ResolvedMoves {
  private readonly types = new Map<string, string>();
  private readonly properties = new Map<string, string>();

  constructor(moves: readonly MoveDeclaration[]) {
    const byFrom = new Map(moves.map((move) => [move.from, move.to]));
    for (const from of byFrom.keys()) {
      const to = followMoves(from, byFrom);
      if (from.includes('.')) this.properties.set(from, to.slice(to.indexOf('.') + 1));
      else this.types.set(from, to);
    }
  }

  /** The name a content type or property type has after the change (itself when not moved). */
  type(name: string): string {
    return this.types.get(name) ?? name;
  }

  /** The name property `property` of type `typeName` (names from before the change) has after it. */
  property(typeName: string, property: string): string {
    return this.properties.get(`${typeName}.${property}`) ?? property;
  }

  /** Whether `typeName` (a name from before the change) is renamed. */
  movesType(typeName: string): boolean {
    return this.types.has(typeName);
  }

  /** Whether property `property` of `typeName` is renamed. */
  movesProperty(typeName: string, property: string): boolean {
    return this.properties.has(`${typeName}.${property}`);
  }
}
