import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../model/is-record.js';
import { linkFromWireName, linkToWireName } from '../../model/link-fields.js';
import { diagnosticAt, type Rule } from '../rule.js';

/**
 * A link's `from` that names a property by its plain name where the items carry it under
 * another wire name (`City` for a searchable City): the vendor's client names link fields
 * by their wire names, so the link would join on a field no item has (warning: what links
 * do on the service is not published, and graphform sends `from` as written). The same for
 * `to`, looked up among the project's declared sources (the link does not name its source).
 */
export const linkFieldNamesRule: Rule = {
  name: 'link-field-names',
  check({ sources, files }) {
    const found: Diagnostic[] = [];
    const roots = sources.map((source) => ({ source, root: files.find((file) => file.file === source.file)?.value }));
    const declarations = roots.map(({ source, root }) => ({ id: typeof source.id === 'string' ? source.id : source.file, declaration: root }));
    for (const { source, root } of roots) {
      const links = isRecord(root) && isRecord(root.links) ? root.links : {};
      for (const [name, link] of Object.entries(links)) {
        const to = isRecord(link) ? link.to : undefined;
        const target = typeof to === 'string' ? linkToWireName(declarations, to) : undefined;
        if (typeof to === 'string' && target !== undefined) {
          found.push(
            diagnosticAt(
              { sourceMap: source.sourceMap, path: ['links', name, 'to'], where: 'value' },
              'GF_LINK_FIELD_PLAIN_NAME',
              `link \`${name}\` names \`${to}\` in \`to\`, but items carry that property as \`${target.wire}\` (its wire name, ` +
                `in source ${target.sources.join(', ')}) and the vendor's client names both ends of a link that way; did you mean \`${target.wire}\`?`,
              'warning',
            ),
          );
        }
        const from = isRecord(link) ? link.from : undefined;
        if (typeof from !== 'string') continue;
        const wire = linkFromWireName(root, from);
        if (wire === undefined) continue;
        found.push(
          diagnosticAt(
            { sourceMap: source.sourceMap, path: ['links', name, 'from'], where: 'value' },
            'GF_LINK_FIELD_PLAIN_NAME',
            `link \`${name}\` names \`${from}\`, ` +
              `but items carry that property as \`${wire}\` (its wire name) and the vendor's client names link fields that way; did you mean \`${wire}\`?`,
            'warning',
          ),
        );
      }
    }
    return found;
  },
};
