/** A key given twice in one object of a JSON text. */
export interface JsonDuplicateKey {
  key: string;
  /** Path of the repeated key, from the top of the text. */
  keyPath: (string | number)[];
  /** Offsets of the repeat and of the key's first occurrence in the same object. */
  offset: number;
  firstOffset: number;
}

interface Frame {
  /** The keys of an object so far, with their offsets; undefined for a list. */
  keys: Map<string, number> | undefined;
  path: (string | number)[];
  /** In an object: whether the next string is a key; the last key read. In a list: the item's index. */
  expectKey: boolean;
  key: string;
  index: number;
}

/**
 * The first key given twice in one object of a JSON text that JSON.parse has accepted,
 * whose path starts with `within` (package.json: only its "graphform" key is the config).
 * JSON.parse keeps the last of them without a word, so `"sources"` given twice would
 * quietly read another folder than the first line says. One pass, no recursion: the text
 * was checked for depth before, and its strings are only skipped.
 */
export function findJsonDuplicateKey(text: string, within?: string): JsonDuplicateKey | undefined {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    const top = frames[frames.length - 1];
    if (ch === '"') {
      const end = closingQuote(text, i);
      if (top?.keys !== undefined && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        const first = top.keys.get(key);
        const keyPath = [...top.path, key];
        if (first === undefined) top.keys.set(key, i);
        else if (within === undefined || keyPath[0] === within) return { key, keyPath, offset: i, firstOffset: first };
        top.key = key;
        top.expectKey = false;
      }
      i = end;
    } else if (ch === '{' || ch === '[') {
      const path = top === undefined ? [] : [...top.path, top.keys === undefined ? top.index : top.key];
      frames.push({ keys: ch === '{' ? new Map() : undefined, path, expectKey: ch === '{', key: '', index: 0 });
    } else if (ch === '}' || ch === ']') {
      frames.pop();
    } else if (ch === ',' && top !== undefined) {
      if (top.keys === undefined) top.index += 1;
      else top.expectKey = true;
    }
  }
  return undefined;
}

/** The offset of the quote that ends the JSON string opening at `start`. */
function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"') return i;
  }
  return text.length;
}
