import type { Node } from 'yaml';
import { findTooDeep } from '../../load/nesting-depth.js';
import { yamlPackage } from '../../load/yaml-package.js';
import type { ReadEntry } from '../types.js';
import { MAX_DATA_DEPTH, positionIn } from './item-depth.js';
import type { PlainItemFields } from './plain-item.js';
import { documentProblem, MAX_ALIAS_COUNT, yamlItemEntry, yamlProblemEntry } from './yaml-problems.js';

/**
 * Reads a whole YAML data file parsed at once: for a file that is not a block list (a flow
 * list `[…]`, directives, an anchor on the list) or a block list whose items cannot be read
 * one by one, both only up to MAX_YAML_PARSE_BYTES. The first `skip` items were handed out
 * already, read item by item, and are left out; a problem anywhere in the file is the one
 * entry, as for a file read whole from the start.
 */
export function wholeYamlEntries(text: string, file: string, fields: PlainItemFields, skip = 0): ReadEntry[] {
  // yaml parses nested lists by recursion: 50,000 nested `[` would exhaust the stack.
  const deep = findTooDeep(text, MAX_DATA_DEPTH);
  if (deep !== undefined) return [yamlProblemEntry({ kind: 'too-deep', ...positionIn(text, deep.offset, { line: 1, column: 1 }) }, file)];
  const { isSeq, LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const lineOf = (offset: number): number => lineCounter.linePos(offset).line;
  const problem = documentProblem(doc, (offset) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  });
  if (problem !== undefined) return [yamlProblemEntry(problem, file)];
  const contents = doc.contents;
  if (!isSeq(contents)) return [yamlProblemEntry({ kind: 'not-a-list', line: contents?.range === undefined ? 1 : lineOf(contents.range[0]) }, file)];
  let values: unknown[];
  try {
    // yaml counts what each alias expands to and throws past the limit: a few hundred
    // bytes of nested aliases (billion laughs) would otherwise expand to gigabytes.
    values = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown[];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [yamlProblemEntry({ kind: 'alias', line: lineOf(contents.range?.[0] ?? 0), reason }, file)];
  }
  return contents.items.slice(skip).map((node, index) => {
    const range = (node as Node | null)?.range;
    return yamlItemEntry(values[skip + index], file, range === undefined || range === null ? 1 : lineOf(range[0]), fields);
  });
}
