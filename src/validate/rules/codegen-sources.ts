import { closestMatch } from '../../diagnostics/suggest.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { idOf, type Rule } from '../rule.js';

/**
 * Every id the config's `codegen.sources` names must be declared: `codegen` would refuse it
 * (GF_CODEGEN_UNKNOWN_SOURCE), and validate says so first, at the entry in the config. When a
 * file cannot be read as a declaration or has no usable id, the ids are not all known and
 * nothing is reported (that file's own diagnostics fail validation already).
 */
export const codegenSourcesRule: Rule = {
  name: 'codegen-sources',
  check({ files, sources, context }) {
    const entries = context.codegenSources;
    if (entries === undefined || entries.length === 0) return [];
    const ids = sources.map(idOf);
    if (sources.length !== files.length || ids.some((id) => id === undefined)) return [];
    const declared = ids.filter((id): id is string => id !== undefined);
    return entries
      .filter((entry) => !declared.includes(entry.value))
      .map((entry): Diagnostic => {
        const match = closestMatch(entry.value, declared);
        const instead =
          match === undefined ? ` Declared sources: ${declared.length === 0 ? 'none' : [...declared].sort().join(', ')}.` : ` Did you mean \`${match}\`?`;
        return {
          code: 'GF_CODEGEN_UNKNOWN_SOURCE',
          severity: 'error',
          message: `${entry.path} names the source \`${entry.value}\`, which is not declared; graphform codegen would refuse it.${instead}`,
          file: entry.file,
          line: entry.line,
          column: entry.column,
          path: entry.path,
        };
      });
  },
};
