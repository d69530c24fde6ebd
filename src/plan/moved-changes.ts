import { pathSegments, type Change } from '../diff/change.js';
import { ResolvedMoves } from '../keep/moves.js';
import type { MoveDeclaration } from '../model/types.js';

/** A removal and an addition that a `moved:` entry says are one rename. */
export interface PlanMove {
  kind: 'contentType' | 'propertyType' | 'property';
  /** The name before: `Type`, or `Type.Property` for a property. */
  from: string;
  to: string;
}

/**
 * The declared renames this change list carries out: each pairs a removed content type,
 * property type or property with the added one its `moved:` entry (chains followed) names.
 * An entry whose rename is already applied pairs nothing, so it may stay in the file.
 */
export function pairedMoves(changes: readonly Change[], moved: readonly MoveDeclaration[] | undefined): PlanMove[] {
  if (moved === undefined || moved.length === 0) return [];
  const moves = new ResolvedMoves(moved);
  const added = new Set(changes.filter((c) => c.kind.endsWith('.added')).map((c) => `${c.kind}:${c.path}`));
  const pairs: PlanMove[] = [];
  for (const change of changes) {
    const [, typeName = '', , property = ''] = pathSegments(change.path);
    if (change.kind === 'contentType.removed' || change.kind === 'propertyType.removed') {
      const to = moves.type(typeName);
      const group = change.kind === 'contentType.removed' ? 'contentTypes' : 'propertyTypes';
      const kind = change.kind === 'contentType.removed' ? 'contentType' : 'propertyType';
      if (to !== typeName && added.has(`${kind}.added:${group}.${to}`)) pairs.push({ kind, from: typeName, to });
    } else if (change.kind === 'property.removed') {
      const to = moves.property(typeName, property);
      if (to !== property && added.has(`property.added:contentTypes.${typeName}.properties.${to}`))
        pairs.push({ kind: 'property', from: `${typeName}.${property}`, to: `${typeName}.${to}` });
    }
  }
  return pairs;
}
