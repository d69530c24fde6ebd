import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../model/is-record.js';
import { linkFromWireName } from '../../model/link-fields.js';
import { diagnosticAt, type Rule } from '../rule.js';

/**
 * A link's `from` that names a property by its plain name where the items carry it under
 * another wire name (`City` for a searchable City): the vendor's client names link fields
 * by their wire names, so the link would join on a field no item has (warning: what links
 * do on the service is not published, and graphform sends `from` as written).
 */
export const linkFieldNamesRule: Rule = {
  name: 'link-field-names',
  check({ sources, files }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const root = files.find((file) => file.file === source.file)?.value;
      const links = isRecord(root) && isRecord(root.links) ? root.links : {};
      for (const [name, link] of Object.entries(links)) {
        const from = isRecord(link) ? link.from : undefined;
        if (typeof from !== 'string') continue;
        const wire = linkFromWireName(root, from);
        if (wire === undefined) continue;
        found.push(
          diagnosticAt(
            { sourceMap: source.sourceMap, path: ['links', name, 'from'], where: 'value' },
            'GF_LINK_FIELD_PLAIN_NAME',
            `link \`${name}\` names \`${from}\`, but items carry that property as \`${wire}\` (its wire name) and the vendor's client names link fields that way; did you mean \`${wire}\`?`,
            'warning',
          ),
        );
      }
    }
    return found;
  },
};
