import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { contentTypeGraph, typesOnCycles, type ContentTypeGraph } from '../content-type-graph.js';
import { diagnosticAt, placeOf, type Rule } from '../rule.js';
import type { SourceView } from '../source-view.js';

interface Inherited {
  type: string;
  /** The content type that declares the property. */
  owner: string;
}

/**
 * A derived content type keeps the type of every property it inherits: it does not
 * redeclare one with another type, nor inherit one with two types from two bases.
 */
export const basePropertyConflictRule: Rule = {
  name: 'base-property-conflict',
  check({ sources }) {
    return sources.flatMap((source) => conflictsIn(source));
  },
};

function conflictsIn(source: SourceView): Diagnostic[] {
  const graph = contentTypeGraph(source);
  const onCycle = typesOnCycles(source);
  const memo = new Map<string, Map<string, Inherited>>();
  const found: Diagnostic[] = [];
  for (const contentType of source.contentTypes) {
    if (onCycle.has(contentType.name)) continue;
    const fromBases = graph.basesOf(contentType.name).map((base) => effectiveProperties(base, graph, onCycle, memo));
    const own = new Set<string>();
    for (const property of contentType.properties) {
      own.add(property.name);
      if (property.type === undefined) continue;
      const clash = clashingBase(fromBases, property.name, property.type);
      if (clash === undefined) continue;
      const where = placeOf(source.sourceMap, ['contentTypes', clash.owner, 'properties', property.name]);
      found.push(
        diagnosticAt(
          { sourceMap: source.sourceMap, path: [...property.path, 'type'], where: 'value' },
          'GF_BASE_PROPERTY_CONFLICT',
          `property \`${property.name}\` of \`${contentType.name}\` is \`${property.type}\` here but \`${clash.type}\` in base type \`${clash.owner}\` ` +
            `(${where}); keep \`${clash.type}\` or rename the property`,
        ),
      );
    }
    const seen = new Map<string, Inherited>();
    for (const inherited of fromBases) {
      for (const [name, property] of inherited) {
        const earlier = seen.get(name);
        if (earlier === undefined) seen.set(name, property);
        else if (!own.has(name) && earlier.type !== property.type) {
          found.push(
            diagnosticAt(
              { sourceMap: source.sourceMap, path: [...contentType.path, 'contentType'] },
              'GF_BASE_PROPERTY_CONFLICT',
              `content type \`${contentType.name}\` inherits property \`${name}\` twice with different types: \`${earlier.type}\` ` +
                `from \`${earlier.owner}\` and \`${property.type}\` from \`${property.owner}\`; give the bases the same type or rename one`,
            ),
          );
        }
      }
    }
  }
  return found;
}

/** The first base that gives property `name` a type other than `type`; a loop, as this runs for every property. */
function clashingBase(fromBases: readonly Map<string, Inherited>[], name: string, type: string): Inherited | undefined {
  for (const inherited of fromBases) {
    const property = inherited.get(name);
    if (property !== undefined && property.type !== type) return property;
  }
  return undefined;
}

/** The properties a content type has, own and inherited; own declarations win. */
function effectiveProperties(
  name: string,
  graph: ContentTypeGraph,
  onCycle: ReadonlySet<string>,
  memo: Map<string, Map<string, Inherited>>,
): Map<string, Inherited> {
  const cached = memo.get(name);
  if (cached !== undefined) return cached;
  const result = new Map<string, Inherited>();
  // On a cycle the ancestors are undefined (the cycle rule reports it): use own properties only.
  const bases = onCycle.has(name) ? [] : graph.basesOf(name);
  for (const base of bases) {
    for (const [property, inherited] of effectiveProperties(base, graph, onCycle, memo)) {
      if (!result.has(property)) result.set(property, inherited);
    }
  }
  for (const property of graph.byName.get(name)?.properties ?? []) {
    if (property.type !== undefined) result.set(property.name, { type: property.type, owner: name });
  }
  memo.set(name, result);
  return result;
}
