import type { SourceLocation } from '../model/types.js';
import { readCommonYaml, type Position } from './quick-yaml.js';
import type { DeclarationPath, SourceMap } from './source-map-types.js';

interface EntryAt {
  key: Position | undefined;
  value: Position | undefined;
}

type Entries = Map<object, Map<string | number, EntryAt>>;

/**
 * The source map of a file in the quick reader's subset, built by reading it again with
 * positions recorded; undefined for any other file. It answers exactly as the `yaml`-based
 * map would (createSourceMap): test/load/quick-yaml.test.ts compares the two on every path
 * of every fixture, example and random document the quick reader reads.
 */
export function quickSourceMap(file: string, text: string): SourceMap | undefined {
  const entries: Entries = new Map();
  const root = readCommonYaml(text, (container, key, keyAt, valueAt) => {
    let byKey = entries.get(container);
    if (byKey === undefined) entries.set(container, (byKey = new Map()));
    byKey.set(key, { key: keyAt, value: valueAt });
  });
  if (root === undefined) return undefined;
  return {
    file,
    locate: (path, where = 'key'): SourceLocation => {
      const at = locatePosition(root, entries, path, where);
      return { file, line: at?.line ?? 1, column: at?.column ?? 1 };
    },
  };
}

/** The walk of createSourceMap's locateOffset, over the plain value and its recorded positions. */
function locatePosition(root: object, entries: Entries, path: DeclarationPath, where: 'key' | 'value'): Position | undefined {
  let node: unknown = root;
  let found: Position | undefined;
  for (const [index, segment] of path.entries()) {
    const last = index === path.length - 1;
    if (Array.isArray(node)) {
      const entry = typeof segment === 'number' ? entries.get(node)?.get(segment) : undefined;
      if (entry === undefined) return found;
      found = entry.value ?? found;
      if (last) return found;
      node = node[segment as number];
    } else if (typeof node === 'object' && node !== null) {
      const key = String(segment);
      const entry = entries.get(node)?.get(key);
      if (entry === undefined) return found;
      if (last) return where === 'value' ? (entry.value ?? entry.key ?? found) : (entry.key ?? found);
      found = entry.key ?? found;
      node = (node as Record<string, unknown>)[key];
    } else {
      return found;
    }
  }
  return found;
}
