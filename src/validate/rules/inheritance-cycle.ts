import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { contentTypeGraph, inheritanceCycles } from '../content-type-graph.js';
import { diagnosticAt, type Rule } from '../rule.js';

/** Content types do not derive from each other in a circle (A → B → A, or A → A). */
export const inheritanceCycleRule: Rule = {
  name: 'inheritance-cycle',
  check({ sources }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const graph = contentTypeGraph(source);
      for (const cycle of inheritanceCycles(source)) {
        const [start, next] = cycle;
        const entry = graph.byName.get(start ?? '')?.bases.find((base) => base.name === next);
        if (start === undefined || entry === undefined) continue;
        found.push(
          diagnosticAt(
            { sourceMap: source.sourceMap, path: entry.path, where: 'value' },
            'GF_INHERITANCE_CYCLE',
            `content types derive from each other in a circle: ${cycle.join(' → ')}; remove one of these contentType entries`,
          ),
        );
      }
    }
    return found;
  },
};
