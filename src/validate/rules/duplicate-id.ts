import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { diagnosticAt, idOf, placeOf, type Rule } from '../rule.js';
import type { SourceView } from '../source-view.js';

/** Each id is declared by one file; the second and later files are reported. */
export const duplicateIdRule: Rule = {
  name: 'duplicate-id',
  check({ sources }) {
    const found: Diagnostic[] = [];
    const first = new Map<string, SourceView>();
    for (const source of sources) {
      const id = idOf(source);
      if (id === undefined) continue;
      const earlier = first.get(id);
      if (earlier === undefined) {
        first.set(id, source);
        continue;
      }
      found.push(
        diagnosticAt(
          { sourceMap: source.sourceMap, path: ['id'], where: 'value' },
          'GF_DUPLICATE_ID',
          `id \`${id}\` is already declared in ${placeOf(earlier.sourceMap, ['id'])}; ` +
            'each source is declared by one file, so merge the two or give this one another id',
        ),
      );
    }
    return found;
  },
};
