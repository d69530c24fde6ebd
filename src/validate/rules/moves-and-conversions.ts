import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SuggestionBudget } from '../../diagnostics/suggest.js';
import { isRecord } from '../../model/is-record.js';
import { diagnosticAt, type Rule } from '../rule.js';
import type { SourceView } from '../source-view.js';

/**
 * `moved:` and `convert:` name what the source declares. A move's `from` is gone (else it is
 * no rename) and its `to` is declared, directly or through later moves (chains); no two
 * moves share a `from` or a `to`; a type moves to a type, a property to a property. A
 * conversion names a declared property as `Type.Property`.
 */
export const movesAndConversionsRule: Rule = {
  name: 'moves-and-conversions',
  check({ files, sources, suggest }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const raw = files.find((file) => file.file === source.file)?.value;
      if (!isRecord(raw)) continue;
      const names = declaredNames(source);
      if (Array.isArray(raw.moved)) found.push(...checkMoves(source, raw.moved, names, suggest));
      if (isRecord(raw.convert)) found.push(...checkConversions(source, Object.keys(raw.convert), names, suggest));
    }
    return found;
  },
};

/**
 * Each `convert:` key names a declared property as `Type.Property`. A key of another form is
 * reported here too: the schema's own pattern error is left to the rules, and a file with no
 * error would not be declared at all (a prune would then delete its source).
 */
function checkConversions(source: SourceView, keys: readonly string[], names: ReadonlySet<string>, suggest: SuggestionBudget): Diagnostic[] {
  const found: Diagnostic[] = [];
  const properties = [...names].filter((name) => name.includes('.'));
  for (const key of keys) {
    if (names.has(key)) continue;
    const at = { sourceMap: source.sourceMap, path: ['convert', key], where: 'key' as const };
    if (!/^[^.]+\.[^.]+$/.test(key)) {
      const same = properties.filter((name) => name.slice(name.indexOf('.') + 1) === key);
      const hint =
        same.length > 0 ? `; did you mean ${same.map((name) => `\`${name}\``).join(' or ')}?` : '; write it as `Type.Property`, e.g. `Article.Version`';
      found.push(
        diagnosticAt(
          at,
          'GF_CONVERT_UNKNOWN_PROPERTY',
          `convert key \`${key}\` is not of the form \`Type.Property\` (a content type's or property type's property)${hint}`,
        ),
      );
      continue;
    }
    const suggestion = suggest.closest(key, properties);
    found.push(
      diagnosticAt(
        at,
        'GF_CONVERT_UNKNOWN_PROPERTY',
        `convert names \`${key}\`, which is not a property ` +
          `of a content type or property type of this source${suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`}`,
      ),
    );
  }
  return found;
}

/** Every declared type name, and every `Type.Property` of content types and property types. */
function declaredNames(source: SourceView): Set<string> {
  const names = new Set<string>();
  for (const type of [...source.contentTypes, ...source.propertyTypes]) {
    names.add(type.name);
    for (const property of type.properties) names.add(`${type.name}.${property.name}`);
  }
  return names;
}

interface Move {
  from: string;
  to: string;
  index: number;
}

function checkMoves(source: SourceView, list: readonly unknown[], names: ReadonlySet<string>, suggest: SuggestionBudget): Diagnostic[] {
  const found: Diagnostic[] = [];
  const at = (index: number, key: 'from' | 'to') => ({ sourceMap: source.sourceMap, path: ['moved', index, key], where: 'value' as const });
  const moves: Move[] = [];
  list.forEach((entry, index) => {
    if (isRecord(entry) && typeof entry.from === 'string' && typeof entry.to === 'string') moves.push({ from: entry.from, to: entry.to, index });
  });
  const byFrom = new Map<string, Move>();
  const byTo = new Map<string, Move>();
  for (const move of moves) {
    const kind = (name: string): string => (name.includes('.') ? 'a property' : 'a type');
    if (kind(move.from) !== kind(move.to)) {
      found.push(
        diagnosticAt(
          at(move.index, 'to'),
          'GF_MOVED_KIND',
          `moved renames ${kind(move.from)} (\`${move.from}\`) to ${kind(move.to)} (\`${move.to}\`); ` +
            `a type moves to a type, a property to a property (\`Type.Property\`)`,
        ),
      );
      continue;
    }
    const earlierFrom = byFrom.get(move.from);
    const earlierTo = byTo.get(move.to);
    if (earlierTo !== undefined) {
      found.push(
        diagnosticAt(
          at(move.index, 'to'),
          'GF_MOVED_TWICE',
          `\`${move.from}\` and \`${earlierTo.from}\` both move to \`${move.to}\` (moved[${earlierTo.index}]); the items of one would overwrite the other's`,
        ),
      );
      continue;
    }
    if (earlierFrom !== undefined) {
      found.push(
        diagnosticAt(
          at(move.index, 'from'),
          'GF_MOVED_TWICE',
          `\`${move.from}\` is moved twice (also to \`${earlierFrom.to}\`, moved[${earlierFrom.index}]); a name moves once, and chains go A to B, then B to C`,
        ),
      );
      continue;
    }
    byFrom.set(move.from, move);
    byTo.set(move.to, move);
    if (names.has(move.from)) {
      found.push(
        diagnosticAt(
          at(move.index, 'from'),
          'GF_MOVED_FROM_DECLARED',
          `\`${move.from}\` is moved to \`${move.to}\` but is still declared; remove it (its items move to \`${move.to}\`), or remove this moved entry`,
        ),
      );
    }
  }
  for (const move of byFrom.values()) {
    if (endOfChain(move.to, byFrom, names)) continue;
    const suggestion = suggest.closest(
      move.to,
      [...names].filter((name) => name.includes('.') === move.to.includes('.')),
    );
    found.push(
      diagnosticAt(
        at(move.index, 'to'),
        'GF_MOVED_TO_MISSING',
        `\`${move.from}\` is moved to \`${move.to}\`, which this source does not declare${suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`}`,
      ),
    );
  }
  return found;
}

/** Whether following moves from `name` reaches a declared name (a chain A → B → C ends at C). */
function endOfChain(name: string, byFrom: ReadonlyMap<string, Move>, names: ReadonlySet<string>): boolean {
  const seen = new Set<string>();
  let current = name;
  while (!names.has(current)) {
    const next = byFrom.get(current);
    if (next === undefined || seen.has(current)) return false;
    seen.add(current);
    current = next.to;
  }
  return true;
}
