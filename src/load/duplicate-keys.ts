import type { Document, Node } from 'yaml';
import { keyText, type DeclarationPath } from './source-map.js';
import { yamlPackage } from './yaml-package.js';

export interface DuplicateKey {
  key: string;
  /** Path of the map holding the key. */
  mapPath: DeclarationPath;
  /** Offset of the repeated key. */
  offset: number;
  /** Offset of the key's first occurrence in the same map. */
  firstOffset: number;
}

/**
 * Every repeated key of every map, found by walking the document. yaml reports duplicate
 * keys too, but not always at the key itself; walking gives exact positions and paths.
 */
export function findDuplicateKeys(doc: Document.Parsed): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  walk(doc.contents, [], found);
  return found;
}

function walk(node: Node | null | undefined, path: DeclarationPath, found: DuplicateKey[]): void {
  const { isMap, isPair, isSeq } = yamlPackage();
  if (isSeq(node)) {
    node.items.forEach((item, index) => walk(item as Node | null, [...path, index], found));
    return;
  }
  if (!isMap(node)) return;
  const first = new Map<string, number>();
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const key = keyText(pair.key);
    const offset = (pair.key as Node | null)?.range?.[0] ?? node.range?.[0] ?? 0;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, offset);
      walk(pair.value as Node | null, [...path, key], found);
    } else {
      found.push({ key, mapPath: path, offset, firstOffset: earlier });
    }
  }
}
