import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { diagnosticAt, idOf, placeOf, type Rule, type RuleInput } from '../rule.js';

interface Owner {
  /** How the message names the other source. */
  describe: string;
}

/**
 * Content type names are unique across all sources: the declared ones, and the sources in
 * state that no file declares any more (they stay on the service until applied). The
 * second and later declarations of a name are reported.
 */
export const typeNameCollisionRule: Rule = {
  name: 'type-name-collision',
  check(input) {
    const found: Diagnostic[] = [];
    const owners = stateOnlyOwners(input);
    for (const source of input.sources) {
      const here = idOf(source);
      for (const contentType of source.contentTypes) {
        const owner = owners.get(contentType.name);
        if (owner === undefined) {
          const place = placeOf(source.sourceMap, contentType.path);
          owners.set(contentType.name, { describe: here === undefined ? `the source declared in ${place}` : `source \`${here}\` (${place})` });
          continue;
        }
        found.push(
          diagnosticAt(
            { sourceMap: source.sourceMap, path: contentType.path },
            'GF_TYPE_NAME_COLLISION',
            `content type \`${contentType.name}\` is also defined by ${owner.describe}; content type names must be unique across all sources, so rename one`,
          ),
        );
      }
    }
    return found;
  },
};

/**
 * Content type names of sources in state that no file declares. When a file could not be
 * read, its id is unknown and it may be one of them: the check waits until it reads.
 */
function stateOnlyOwners({ files, sources, context }: RuleInput): Map<string, Owner> {
  const owners = new Map<string, Owner>();
  if (files.length !== sources.length) return owners;
  const declared = new Set(sources.map((source) => idOf(source)));
  for (const [id, definition] of Object.entries(context.stateSources).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (declared.has(id)) continue;
    for (const name of Object.keys(definition.contentTypes)) {
      if (!owners.has(name)) owners.set(name, { describe: `source \`${id}\`, which is in state but no longer declared (apply its removal first, or rename this type)` });
    }
  }
  return owners;
}
