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
    const over = firstFiles[max];
    if (over === undefined) return [];
    return [
      diagnosticAt(
        { sourceMap: over.sourceMap, path: ['id'] },
        'GF_TOO_MANY_SOURCES',
        `${firstFiles.length} sources are declared but the account allows ${max} (maxSources); this file is number ${max + 1}. Remove a source, or raise maxSources in the config once the allowance is raised`,
      ),
    ];
  },
};
