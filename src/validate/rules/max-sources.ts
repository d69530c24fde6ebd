import { diagnosticAt, type Rule } from '../rule.js';
import { viewSource } from '../source-view.js';

/** The number of declared sources stays within the account's allowance (config maxSources). */
export const maxSourcesRule: Rule = {
  name: 'max-sources',
  check({ files, context }) {
    const max = context.maxSources;
    if (max === undefined) return [];
    // Each file declares one source; files repeating an id are one source (and an error of their own).
    const seen = new Set<string>();
    const firstFiles = files.filter((file) => {
      const id = viewSource(file)?.id;
      const key = typeof id === 'string' && id !== '' ? `id:${id}` : `file:${file.file}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // Sources only in state still exist in the service (orphans are left in place), so they
    // use up the allowance too.
    const declaredIds = new Set([...seen].filter((k) => k.startsWith('id:')).map((k) => k.slice(3)));
    const stateOnly = Object.keys(context.stateSources)
      .filter((id) => !declaredIds.has(id))
      .sort();
    const room = max - stateOnly.length;
    if (firstFiles.length <= room) return [];
    const over = firstFiles[Math.max(0, room)];
    if (over === undefined) return [];
    const orphans =
      stateOnly.length === 0 ? '' : ` and ${stateOnly.length} more (${stateOnly.join(', ')}) are in state but no longer declared, still in the service`;
    return [
      diagnosticAt(
        { sourceMap: over.sourceMap, path: ['id'] },
        'GF_TOO_MANY_SOURCES',
        `${firstFiles.length} sources are declared${orphans}, but the account allows ${max} (maxSources); this file is one too many. ` +
          `Remove a source (purge orphans with \`graphform apply --prune\`), or raise maxSources in the config once the allowance is raised`,
      ),
    ];
  },
};
