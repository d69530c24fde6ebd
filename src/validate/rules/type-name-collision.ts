import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { diagnosticAt, idOf, placeOf, type Rule, type RuleInput } from '../rule.js';

interface Owner {
  /** The message for a content type that takes this owner's name. */
  message(name: string): string;
}

/** `describe` is called only when a collision is reported: naming the place means finding its position. */
const declaredOwner = (describe: () => string): Owner => ({
  message: (name) => `content type \`${name}\` is also defined by ${describe()}; content type names must be unique across all sources, so rename one`,
});

/**
 * Content type names are unique across all sources: the declared ones, the sources in
 * state that no file declares any more (they stay on the service until applied), and the
 * account's other sources and the CMS, when the service was asked. The second and later
 * declarations of a name are reported.
 */
export const typeNameCollisionRule: Rule = {
  name: 'type-name-collision',
  check(input) {
    const found: Diagnostic[] = [];
    const owners = ownersOutsideDeclarations(input);
    for (const source of input.sources) {
      const here = idOf(source);
      for (const contentType of source.contentTypes) {
        const owner = owners.get(contentType.name);
        if (owner === undefined) {
          const place = (): string => placeOf(source.sourceMap, contentType.path);
          owners.set(
            contentType.name,
            declaredOwner(() => (here === undefined ? `the source declared in ${place()}` : `source \`${here}\` (${place()})`)),
          );
          continue;
        }
        found.push(diagnosticAt({ sourceMap: source.sourceMap, path: contentType.path }, 'GF_TYPE_NAME_COLLISION', owner.message(contentType.name)));
      }
    }
    return found;
  },
};

/**
 * Content type names already taken outside the declarations: by the account's sources that
 * graphform does not manage (the CMS's own first), and by sources in state that no file
 * declares. When a file could not be read, its id is unknown and it may be one of the
 * latter: that check waits until it reads.
 */
function ownersOutsideDeclarations({ files, sources, context }: RuleInput): Map<string, Owner> {
  const owners = new Map<string, Owner>();
  for (const account of context.accountTypes ?? []) {
    for (const name of account.contentTypes) {
      if (owners.has(name)) continue;
      owners.set(name, {
        message: account.cms
          ? (taken) => `content type \`${taken}\` is a CMS type (the CMS's own source defines it); a custom source must not reuse it, so rename this one`
          : (taken) =>
              `content type \`${taken}\` is already defined by source \`${account.id}\`, which graphform does not manage; ` +
              `content type names must be unique across all sources, so rename this one (or \`graphform import ${account.id}\` to manage that source)`,
      });
    }
  }
  if (files.length !== sources.length) return owners;
  const declared = new Set(sources.map((source) => idOf(source)));
  for (const [id, definition] of Object.entries(context.stateSources).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (declared.has(id)) continue;
    for (const name of Object.keys(definition.contentTypes)) {
      if (!owners.has(name))
        owners.set(
          name,
          declaredOwner(() => `source \`${id}\`, which is in state but no longer declared (apply its removal first, or rename this type)`),
        );
    }
  }
  return owners;
}
