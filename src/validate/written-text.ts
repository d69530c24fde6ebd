import type { ParsedDeclarationFile } from '../load/parse.js';
import type { DeclarationPath } from '../load/source-map.js';

/**
 * The text of a plain scalar exactly as the file writes it: YAML reads `id: 0012` as the
 * number 12 and `label: 1.50` as 1.5, so a hint built from the parsed value would suggest
 * quoting something the user never wrote. Undefined when the position or token is unclear.
 */
export function writtenScalar(parsed: Pick<ParsedDeclarationFile, 'text' | 'sourceMap'>, path: DeclarationPath): string | undefined {
  const location = parsed.sourceMap.locate(path, 'value');
  const line = parsed.text.split(/\r?\n/)[location.line - 1];
  if (line === undefined) return undefined;
  const rest = line.slice(location.column - 1);
  // A plain scalar ends at a comment, or in flow collections ([a, b], {k: v}) at , ] or }.
  const token = /^[^\s,\]}#][^,\]}]*?(?=\s+#|\s*[,\]}]|\s*$)/.exec(rest)?.[0];
  return token === undefined || token.startsWith('"') || token.startsWith("'") ? undefined : token;
}

/** `id: "0012"` for a map entry, `"0012"` for a list item: the value as the user wrote it, quoted. */
export function quotedAsWritten(written: string, path: DeclarationPath): string {
  const key = path[path.length - 1];
  const quoted = JSON.stringify(written);
  return typeof key === 'string' ? `${key}: ${quoted}` : quoted;
}
