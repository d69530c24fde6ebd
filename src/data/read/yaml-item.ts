import type { Node } from 'yaml';
import { findTooDeep } from '../../load/nesting-depth.js';
import { yamlPackage } from '../../load/yaml-package.js';
import { MAX_DATA_DEPTH, positionIn } from './item-depth.js';
import type { AliasScope } from './yaml-alias-scope.js';
import { documentProblem, type YamlProblem } from './yaml-problems.js';

/** The items converted (none without a scope), up to the problem that stopped them, if any. */
export interface YamlItemsRead {
  items: { value: unknown; line: number }[];
  problem?: YamlProblem;
}

/**
 * Parses the text of consecutive items of a top-level block list (each "- " and its lines;
 * the first on line `firstLine` of the file) as the list they are, and converts each in
 * `scope`. Lines are the file's. Errors, or no list, are a problem: the text may not hold
 * whole items. An alias problem is placed at `listLine`, where the list starts, as for a
 * file read whole.
 */
export function readYamlItems(text: string, firstLine: number, listLine: number, scope: AliasScope | undefined): YamlItemsRead {
  // yaml parses nested lists by recursion: 50,000 nested `[` would exhaust the stack.
  const deep = findTooDeep(text, MAX_DATA_DEPTH);
  if (deep !== undefined) return { items: [], problem: { kind: 'too-deep', ...positionIn(text, deep.offset, { line: firstLine, column: 1 }) } };
  const { isSeq, LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const lineOf = (offset: number): number => firstLine - 1 + lineCounter.linePos(offset).line;
  // The text starts at the start of its first line: columns are the file's.
  const problem = documentProblem(doc, (offset) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: firstLine - 1 + line, column: col };
  });
  if (problem !== undefined) return { items: [], problem };
  const contents = doc.contents;
  if (!isSeq(contents) || contents.items.length === 0) {
    return { items: [], problem: { kind: 'syntax', line: firstLine, message: 'the item that starts here could not be read on its own' } };
  }
  if (scope === undefined) return { items: [] };
  // Converting an item may put other nodes in the document's list: take the items first.
  const nodes = [...contents.items] as (Node | null)[];
  const items: { value: unknown; line: number }[] = [];
  for (const node of nodes) {
    try {
      items.push({ value: node === null ? null : scope.value(doc, node, text), line: lineOf(node?.range?.[0] ?? 0) });
    } catch (error) {
      return { items, problem: { kind: 'alias', line: listLine, reason: error instanceof Error ? error.message : String(error) } };
    }
  }
  return { items };
}
