import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { followMoves as follow } from '../../model/follow-moves.js';
import { isRecord } from '../../model/is-record.js';
import { ownValue } from '../../model/own.js';
import type { SourceDefinition } from '../../model/types.js';
import { diagnosticAt, type Rule } from '../rule.js';

interface PropertyMove {
  from: string;
  to: string;
  index: number;
}

/**
 * A property's values move within its items: the keep step writes each item's `from` value
 * under `to`'s name on the same item. So `to` must be a property of the same type (after the
 * type's own move), and must not be a property the source already holds beside `from`, whose
 * values the moved ones would overwrite. What the source holds is what the service answered
 * while planning, else the definition last applied (state); a source in neither has nothing
 * to overwrite.
 */
export const movedPropertiesRule: Rule = {
  name: 'moved-properties',
  check({ files, sources, context }) {
    const found: Diagnostic[] = [];
    for (const source of sources) {
      const raw = files.find((file) => file.file === source.file)?.value;
      if (!isRecord(raw) || !Array.isArray(raw.moved)) continue;
      const typeMoves = new Map<string, string>();
      const propertyMoves: PropertyMove[] = [];
      raw.moved.forEach((entry: unknown, index) => {
        if (!isRecord(entry) || typeof entry.from !== 'string' || typeof entry.to !== 'string') return;
        if (!entry.from.includes('.') && !entry.to.includes('.')) typeMoves.set(entry.from, entry.to);
        else if (isProperty(entry.from) && isProperty(entry.to)) propertyMoves.push({ from: entry.from, to: entry.to, index });
      });
      const held = typeof source.id === 'string' ? (ownValue(context.heldSources, source.id) ?? ownValue(context.stateSources, source.id)) : undefined;
      const at = (move: PropertyMove) => ({ sourceMap: source.sourceMap, path: ['moved', move.index, 'to'], where: 'value' as const });
      const within: PropertyMove[] = [];
      for (const move of propertyMoves) {
        const [fromType, fromProperty] = split(move.from);
        const [toType] = split(move.to);
        const becomes = follow(fromType, typeMoves);
        if (toType === becomes) {
          within.push(move);
          continue;
        }
        found.push(
          diagnosticAt(
            at(move),
            'GF_MOVED_ACROSS_TYPES',
            `\`${move.from}\` is moved to \`${move.to}\`, a property of another type: a move renames a property within its own items, ` +
              `so the items of \`${fromType}\` (\`${becomes}\` after the change) would get \`${split(move.to)[1]}\` instead; ` +
              `a property moves within its type: write \`to\` as \`${becomes}.${fromProperty === split(move.to)[1] ? 'NewName' : split(move.to)[1]}\``,
          ),
        );
      }
      if (held !== undefined)
        found.push(
          ...overwrites(within, held).map(({ move, existing }) =>
            diagnosticAt(at(move), 'GF_MOVED_ONTO_EXISTING', overwriteMessage(move, existing, source.id as string)),
          ),
        );
    }
    return found;
  },
};

function overwriteMessage(move: PropertyMove, existing: string, id: string): string {
  return (
    `\`${move.from}\` is moved to \`${move.to}\`, but source ${id} already holds \`${existing}\` beside it: every item's \`${existing}\` value would be ` +
    `overwritten by its \`${move.from}\` value. Move it to a new property, or remove this entry (the plan then counts \`${move.from}\`'s values as lost)`
  );
}

/**
 * The moves whose target name (chains followed) the type already held beside the moved
 * property: a held property that stays under that name, or another held property moved there too.
 */
function overwrites(moves: readonly PropertyMove[], held: SourceDefinition): { move: PropertyMove; existing: string }[] {
  const byFrom = new Map(moves.map((move) => [move.from, move.to]));
  const found: { move: PropertyMove; existing: string }[] = [];
  for (const move of moves) {
    const [type, property] = split(move.from);
    const properties = heldProperties(held, type);
    if (!properties.has(property)) continue;
    const end = split(follow(move.from, byFrom))[1];
    const existing = [...properties].find((other) => other !== property && split(follow(`${type}.${other}`, byFrom))[1] === end);
    if (existing !== undefined) found.push({ move, existing: `${type}.${existing}` });
  }
  return found;
}

/** The properties a content type (own and inherited) or a property type has in `definition`. */
function heldProperties(definition: SourceDefinition, type: string): Set<string> {
  const names = new Set<string>();
  const propertyType = ownValue(definition.propertyTypes ?? {}, type);
  if (propertyType !== undefined) for (const name of Object.keys(propertyType.properties)) names.add(name);
  const seen = new Set<string>();
  const walk = (name: string): void => {
    const contentType = ownValue(definition.contentTypes, name);
    if (contentType === undefined || seen.has(name)) return;
    seen.add(name);
    for (const property of Object.keys(contentType.properties)) names.add(property);
    for (const base of contentType.contentType) walk(base);
  };
  walk(type);
  return names;
}

function isProperty(name: string): boolean {
  return /^[^.]+\.[^.]+$/.test(name);
}

function split(name: string): [string, string] {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
}
