import type { Document, Node } from 'yaml';
import { keyText, type DeclarationPath } from './source-map.js';
import { yamlPackage } from './yaml-package.js';

/** The longest string a declaration may hold, as a value or a key. Nothing the service takes is longer. */
export const MAX_VALUE_CHARS = 1024;

export interface LongValue {
  /** Path of the value, or of the map that holds the key that is too long. */
  path: DeclarationPath;
  offset: number;
  length: number;
  isKey: boolean;
}

/**
 * Every string scalar (value or key) longer than `max` characters, with where it starts.
 * Walks the nodes, not the plain value, so aliases are not expanded and positions are exact.
 */
export function findLongValues(doc: Document.Parsed, max = MAX_VALUE_CHARS): LongValue[] {
  const found: LongValue[] = [];
  walk(doc.contents, [], max, found);
  return found;
}

function walk(node: unknown, path: DeclarationPath, max: number, found: LongValue[]): void {
  const { isMap, isPair, isScalar, isSeq } = yamlPackage();
  if (isScalar(node)) {
    if (typeof node.value === 'string' && node.value.length > max) found.push({ path, offset: node.range?.[0] ?? 0, length: node.value.length, isKey: false });
    return;
  }
  if (isSeq(node)) {
    node.items.forEach((item, index) => walk(item, [...path, index], max, found));
    return;
  }
  if (!isMap(node)) return;
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const key = pair.key as Node | null;
    const text = keyText(key);
    if (text.length > max) {
      // The key itself stays out of the path: a path is printed, and this key is too long to print.
      found.push({ path, offset: key?.range?.[0] ?? node.range?.[0] ?? 0, length: text.length, isKey: true });
      continue;
    }
    walk(pair.value, [...path, text], max, found);
  }
}
