import type { Document, LineCounter, Node, ParseOptions, YAMLMap } from 'yaml';
import type { SourceLocation } from '../model/types.js';
import { quickSourceMap } from './quick-source-map.js';
import type { DeclarationPath, SourceMap } from './source-map-types.js';
import { yamlPackage } from './yaml-package.js';

export type { DeclarationPath, SourceMap } from './source-map-types.js';

/** A source map for a file that could not be read as YAML at all: everything is at 1:1. */
export function emptySourceMap(file: string): SourceMap {
  return { file, locate: () => ({ file, line: 1, column: 1 }) };
}

/**
 * How declarations are parsed with `yaml`, the same for reading and for finding positions.
 * Duplicate keys are found by findDuplicateKeys in one pass: yaml's own check compares
 * every key with every other key of its map, which takes minutes on a large map.
 */
export const YAML_OPTIONS: ParseOptions = { uniqueKeys: false, prettyErrors: false };

/**
 * A source map that reads `text` again only when a position is first asked for, and keeps
 * what it built from then on. Most files have no diagnostics and are never read this way,
 * so a large project does not hold a document per file. A file in the quick reader's
 * subset is read by it (no `yaml` needed); any other by `yaml`. Both give the positions
 * `yaml` gives.
 */
export function lazySourceMap(file: string, text: string): LazySourceMap {
  let built: SourceMap | undefined;
  return {
    file,
    get parsed() {
      return built !== undefined;
    },
    locate: (path, where) => {
      built ??= quickSourceMap(file, text) ?? yamlSourceMap(file, text);
      return built.locate(path, where);
    },
  };
}

function yamlSourceMap(file: string, text: string): SourceMap {
  const { LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  return createSourceMap(file, parseDocument(text, { ...YAML_OPTIONS, lineCounter }), lineCounter);
}

export interface LazySourceMap extends SourceMap {
  /** Whether a position was asked for, so that the text was parsed again. */
  readonly parsed: boolean;
}

export function createSourceMap(file: string, doc: Document.Parsed, lineCounter: LineCounter): SourceMap {
  const at = (offset: number | undefined): SourceLocation => {
    if (offset === undefined) return { file, line: 1, column: 1 };
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };
  const keys = new KeyIndex();
  return {
    file,
    locate: (path, where = 'key') => at(locateOffset(doc, keys, path, where)),
  };
}

type MapNode = YAMLMap<unknown, unknown>;
type MapPair = MapNode['items'][number];

/**
 * Each map's pairs by key text, built on first use: rules locate every content type of a
 * source, and a linear search per lookup would make that quadratic in a large map.
 */
class KeyIndex {
  private readonly byMap = new WeakMap<MapNode, Map<string, MapPair>>();

  find(map: MapNode, key: string): MapPair | undefined {
    let index = this.byMap.get(map);
    if (index === undefined) {
      index = new Map();
      // The first of repeated keys, as a linear search would find.
      for (const item of map.items) {
        const text = keyText(item.key);
        if (!index.has(text)) index.set(text, item);
      }
      this.byMap.set(map, index);
    }
    return index.get(key);
  }
}

function locateOffset(doc: Document.Parsed, keys: KeyIndex, path: DeclarationPath, where: 'key' | 'value'): number | undefined {
  const { isMap, isSeq } = yamlPackage();
  let node = resolve(doc, doc.contents);
  let found: number | undefined;
  for (const [index, segment] of path.entries()) {
    const last = index === path.length - 1;
    if (isMap(node)) {
      const pair = keys.find(node, String(segment));
      if (pair === undefined) return found;
      const keyOffset = isNode(pair.key) ? pair.key.range?.[0] : undefined;
      const value = resolve(doc, pair.value);
      if (last) return where === 'value' ? (valueOffset(value) ?? keyOffset ?? found) : (keyOffset ?? found);
      found = keyOffset ?? found;
      node = value;
    } else if (isSeq(node)) {
      const item = typeof segment === 'number' ? resolve(doc, node.items[segment]) : undefined;
      if (item === undefined) return found;
      found = valueOffset(item) ?? found;
      if (last) return found;
      node = item;
    } else {
      return found;
    }
  }
  return found;
}

/** The text of a map key as plain JS would see it (keys become property names). */
export function keyText(key: unknown): string {
  const { isScalar } = yamlPackage();
  if (isScalar(key)) return String(key.value);
  if (isNode(key)) return key.toString();
  return String(key);
}

function isNode(value: unknown): value is Node {
  const { isAlias, isMap, isScalar, isSeq } = yamlPackage();
  return isScalar(value) || isMap(value) || isSeq(value) || isAlias(value);
}

function resolve(doc: Document.Parsed, value: unknown): Node | undefined {
  const { isAlias } = yamlPackage();
  if (isAlias(value)) return value.resolve(doc);
  return isNode(value) ? value : undefined;
}

/** Start of a value, or undefined for an empty value (`label:` with nothing after it). */
function valueOffset(node: Node | undefined): number | undefined {
  if (node === undefined) return undefined;
  const { isScalar } = yamlPackage();
  if (isScalar(node) && node.value === null && node.source === '') return undefined;
  return node.range?.[0];
}
