import { pathSegments } from '../diff/change.js';
import type { PlanSource } from '../plan/types.js';
import { changeLine, type ChangeSymbol } from './plan-change-line.js';

/**
 * A source's changes as lines, with each removal and addition a `moved:` entry pairs shown
 * as one rename: `~ content type ReleaseNote → Changelog { Title: String } (moved: 2 items
 * carried over)`. The count comes from the keep account when the plan has one.
 */
export function sourceChangeLines(source: PlanSource): Array<{ symbol: ChangeSymbol; text: string }> {
  const moves = source.moves ?? [];
  if (moves.length === 0) return source.changes.map(changeLine);
  const key = (kind: string, name: string): string => `${kind}:${name}`;
  const byRemoval = new Map(moves.map((m) => [key(`${m.kind}.removed`, m.from), m]));
  const additions = new Set(moves.map((m) => key(`${m.kind}.added`, m.to)));
  const lines: Array<{ symbol: ChangeSymbol; text: string }> = [];
  for (const change of source.changes) {
    const name = changeName(change.kind, change.path);
    if (additions.has(key(change.kind, name))) continue;
    const move = byRemoval.get(key(change.kind, name));
    if (move === undefined) {
      lines.push(changeLine(change));
      continue;
    }
    const added = source.changes.find((c) => c.kind === `${move.kind}.added` && changeName(c.kind, c.path) === move.to);
    const shape = added === undefined ? '' : changeLine(added).text.replace(/^(content type|property type|property) [^\s:]+:? ?/, '');
    const counted = source.keep?.known === true ? source.keep.moved.find((m) => m.from === move.from && m.to === move.to) : undefined;
    const count =
      counted === undefined
        ? ''
        : ` (moved: ${counted.items} item${counted.items === 1 ? '' : 's'} ` +
          `${move.kind === 'property' ? (counted.items === 1 ? 'holds a value' : 'hold a value') : 'carried over'})`;
    const what = move.kind === 'contentType' ? 'content type' : move.kind === 'propertyType' ? 'property type' : 'property';
    const joined = shape === '' ? '' : move.kind === 'property' ? `: ${shape}` : ` ${shape}`;
    lines.push({ symbol: '~', text: `${what} ${move.from} → ${move.to}${joined}${count}` });
  }
  return lines;
}

/** The name a change is about: `Type`, or `Type.Property` for a property change. */
function changeName(kind: string, path: string): string {
  const [, type = '', , property = ''] = pathSegments(path);
  return kind.startsWith('property.') ? `${type}.${property}` : type;
}
