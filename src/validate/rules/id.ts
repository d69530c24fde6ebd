import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { diagnosticAt, type Rule } from '../rule.js';

const MAX_ID_LENGTH = 4;
const ID_CHARS = /^[a-z0-9]+$/;

/** The source id: present, at most 4 characters, lowercase a-z and 0-9 only (service limits). */
export const idRule: Rule = {
  name: 'id',
  check({ sources }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const id = source.id;
      const at = { sourceMap: source.sourceMap, path: ['id'] };
      if (id === undefined || id === '') {
        found.push(
          diagnosticAt(
            id === undefined ? { ...at, path: [] } : { ...at, where: 'value' },
            'GF_ID_MISSING',
            'the source has no `id`; add one of 1 to 4 characters, lowercase a-z and 0-9 (e.g. `id: shop`); the graph service names the source by it',
          ),
        );
        continue;
      }
      // A non-string id is a type error, reported by the schema check.
      if (typeof id !== 'string') continue;
      const value = { ...at, where: 'value' as const };
      const fixed = id
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, MAX_ID_LENGTH);
      const example = fixed === '' ? '' : ` (e.g. \`${fixed}\`)`;
      if (!ID_CHARS.test(id)) {
        found.push(diagnosticAt(value, 'GF_ID_INVALID_CHARS', `id \`${id}\` may only hold lowercase a-z and 0-9${example}`));
      }
      if (id.length > MAX_ID_LENGTH) {
        found.push(
          diagnosticAt(value, 'GF_ID_TOO_LONG', `id \`${id}\` is ${id.length} characters long; the graph service allows at most ${MAX_ID_LENGTH}${example}`),
        );
      }
    }
    return found;
  },
};
