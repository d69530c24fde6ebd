import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { diagnosticAt, type Rule } from '../rule.js';

/** Every `contentType` entry names a content type of the same source. */
export const baseTypesKnownRule: Rule = {
  name: 'base-types-known',
  check({ sources, suggest }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const names = source.contentTypes.map((contentType) => contentType.name);
      const propertyTypes = new Set(source.propertyTypes.map((propertyType) => propertyType.name));
      for (const contentType of source.contentTypes) {
        for (const base of contentType.bases) {
          if (names.includes(base.name)) continue;
          const subject = `content type \`${contentType.name}\` derives from \`${base.name}\``;
          let message: string;
          if (propertyTypes.has(base.name)) {
            message = `${subject}, which is a property type; contentType lists content types of this source only`;
          } else {
            const suggestion = suggest.closest(
              base.name,
              names.filter((name) => name !== contentType.name),
            );
            const help = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
            message = `${subject}, which is not a content type of this source${help}`;
          }
          found.push(diagnosticAt({ sourceMap: source.sourceMap, path: base.path, where: 'value' }, 'GF_UNKNOWN_BASE_TYPE', message));
        }
      }
    }
    return found;
  },
};
