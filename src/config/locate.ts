import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/** 1-based line and column of a key path in a YAML or JSON config text, or of its nearest ancestor. */
export function locateConfigPath(
  text: string,
  keyPath: readonly (string | number)[],
  at: 'key' | 'value' = 'key',
): { line: number; column: number } | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  let node: unknown = doc.contents;
  let offset: number | undefined = (node as Node | null)?.range?.[0];
  let found = 0;
  for (const key of keyPath) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
      if (pair === undefined) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value;
      found++;
    } else if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key] as Node | undefined;
      if (item === undefined) break;
      offset = item.range?.[0] ?? offset;
      node = item;
      found++;
    } else {
      break;
    }
  }
  if (at === 'value' && found === keyPath.length) offset = (node as Node | null)?.range?.[0] ?? offset;
  if (offset === undefined) return undefined;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line, column: pos.col };
}
