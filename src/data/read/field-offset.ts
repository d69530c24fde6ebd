import type { Document, Node } from 'yaml';
import { yamlPackage } from '../../load/yaml-package.js';

/** Whether a diagnostic points at the key that names a field, or at its value. */
export type FieldEnd = 'key' | 'value';

/** The segments of a JSON pointer (`/Tags/1` → ["Tags", "1"]); none for '' (the whole item). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || !pointer.startsWith('/')) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * Where the field at `segments` is in the text of one JSON value (an array element): the
 * offset of its value or key, as far as the path leads. A path that ends early (a field the
 * item lacks) gives the key of the deepest field it reaches, a path that reaches nothing
 * undefined. Of repeated keys the last counts, as JSON.parse reads them. A small tokenizer,
 * so locating never loads a parser; malformed text gives what was found before it.
 */
export function jsonFieldOffset(text: string, segments: readonly string[], where: FieldEnd): number | undefined {
  let at = skipSpace(text, 0);
  let found: number | undefined;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] ?? '';
    const last = index === segments.length - 1;
    const c = text.charCodeAt(at);
    if (c === OPEN_BRACE) {
      const member = findMember(text, at, segment);
      if (member === undefined) return found;
      if (last) return where === 'value' ? member.value : member.key;
      found = member.key;
      at = member.value;
    } else if (c === OPEN_BRACKET) {
      const element = ARRAY_INDEX.test(segment) ? findElement(text, at, Number(segment)) : undefined;
      if (element === undefined) return found;
      found = element;
      if (last) return found;
      at = element;
    } else {
      return found;
    }
  }
  return found;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The offset after the string that starts at `at` (its opening quote). */
function skipString(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return text.length;
}

/** The offset after the value that starts at `at`. */
function skipValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return skipString(text, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) i = skipString(text, i) - 1;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
    }
    return text.length;
  }
  let i = at;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
    i++;
  }
  return i;
}

/** The key and value offsets of the last member named `name` of the object at `at`. */
function findMember(text: string, at: number, name: string): { key: number; value: number } | undefined {
  let match: { key: number; value: number } | undefined;
  let i = skipSpace(text, at + 1);
  while (i < text.length && text.charCodeAt(i) === QUOTE) {
    const keyEnd = skipString(text, i);
    let key: unknown;
    try {
      key = JSON.parse(text.slice(i, keyEnd));
    } catch {
      return match;
    }
    const colon = skipSpace(text, keyEnd);
    if (text.charCodeAt(colon) !== COLON) return match;
    const value = skipSpace(text, colon + 1);
    if (key === name) match = { key: i, value };
    const after = skipSpace(text, skipValue(text, value));
    if (text.charCodeAt(after) !== COMMA) return match;
    i = skipSpace(text, after + 1);
  }
  return match;
}

/** The offset of element `index` of the array at `at`. */
function findElement(text: string, at: number, index: number): number | undefined {
  let i = skipSpace(text, at + 1);
  for (let n = 0; i < text.length && text.charCodeAt(i) !== CLOSE_BRACKET; n++) {
    if (n === index) return i;
    const after = skipSpace(text, skipValue(text, i));
    if (text.charCodeAt(after) !== COMMA) return undefined;
    i = skipSpace(text, after + 1);
  }
  return undefined;
}

/**
 * The same for a YAML item: `item` is its node in `doc`, the document its text was parsed
 * into. Aliases are followed when their anchor is in `doc` (declarations' source maps do
 * the same); one whose anchor is in an earlier item, parsed apart, ends the path there.
 * Of repeated keys the last counts, as converting the item does.
 */
export function yamlFieldOffset(doc: Document, item: unknown, segments: readonly string[], where: FieldEnd): number | undefined {
  const { isMap, isSeq } = yamlPackage();
  let node = resolve(doc, item);
  let found: number | undefined;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] ?? '';
    const last = index === segments.length - 1;
    if (isMap(node)) {
      const pair = node.items.findLast((candidate) => keyText(candidate.key) === segment);
      if (pair === undefined) return found;
      const keyOffset = isNode(pair.key) ? pair.key.range?.[0] : undefined;
      if (last) return where === 'value' ? (valueOffset(pair.value) ?? keyOffset ?? found) : (keyOffset ?? found);
      found = keyOffset ?? found;
      node = resolve(doc, pair.value);
    } else if (isSeq(node)) {
      const element: unknown = ARRAY_INDEX.test(segment) ? node.items[Number(segment)] : undefined;
      if (element === undefined) return found;
      found = valueOffset(element) ?? found;
      if (last) return found;
      node = resolve(doc, element);
    } else {
      return found;
    }
  }
  return found;
}

/** A map key as the converted item names it: keys become property names. */
function keyText(key: unknown): string {
  const { isScalar } = yamlPackage();
  if (isScalar(key)) return String(key.value);
  if (isNode(key)) return key.toString();
  return String(key);
}

function isNode(value: unknown): value is Node {
  const { isNode: node } = yamlPackage();
  return node(value);
}

function resolve(doc: Document, value: unknown): Node | undefined {
  const { isAlias } = yamlPackage();
  if (isAlias(value)) {
    try {
      return value.resolve(doc);
    } catch {
      return undefined;
    }
  }
  return isNode(value) ? value : undefined;
}

/** Where a value starts; undefined for an empty one (`Title:` with nothing after it). */
function valueOffset(value: unknown): number | undefined {
  const { isScalar } = yamlPackage();
  if (!isNode(value)) return undefined;
  if (isScalar(value) && value.value === null && value.source === '') return undefined;
  return value.range?.[0];
}
