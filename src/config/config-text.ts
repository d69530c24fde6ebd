import { GraphformError } from '../diagnostics/errors.js';
import { excerpt } from '../diagnostics/excerpt.js';
import type { DecodedText } from '../fs/utf8-text.js';
import { findTooDeep, MAX_DECLARATION_DEPTH } from '../load/nesting-depth.js';

/** Where in the config a reading problem is: 1-based line and column, and the key path when known. */
export interface TextPosition {
  line: number;
  column: number;
  keyPath?: readonly (string | number)[];
}

/**
 * A config that could not be read, at its file:line:col, saying what to do. `shown` is the
 * file as the user knows it (relative to the working folder).
 */
export function unreadableConfig(shown: string, at: TextPosition, problem: string, hint: string): GraphformError {
  // A key of a file that is not what it seems could be anything: quoted as an excerpt.
  const dotted = at.keyPath === undefined || at.keyPath.length === 0 ? '' : ` (${excerpt(at.keyPath.join('.'), 200)})`;
  const where = `${shown}:${at.line}:${at.column}${dotted}`;
  // One line: it is also the first line, which a note that the state was not read quotes.
  return new GraphformError('GF_CONFIG_INVALID', `${where}: ${problem}`, {
    details: { file: shown, line: at.line, column: at.column },
    hint,
  });
}

/**
 * The config's bytes as text (decoded by decodeUtf8), strictly UTF-8 as declarations are read (fs/utf8-text.ts):
 * Latin-1 or UTF-16 read leniently would be U+FFFD in a path or a secret, found only when
 * it does not work. A UTF-8 byte-order mark is dropped.
 */
export function configText(shown: string, decoded: DecodedText): string {
  if (decoded.ok) return decoded.text;
  const { line, column, message } = decoded.problem;
  return refuse(unreadableConfig(shown, { line, column }, `${message}.`, 'Save the config in UTF-8 (every editor can), then run the command again.'));
}

/**
 * Refuses a YAML or JSON config that nests deeper than a declaration may (one limit for
 * every file graphform parses: load/nesting-depth.ts), before any parser reads it: the
 * parsers, the shape check and the source map all recurse, and 3,000 nested `[` would
 * exhaust the stack ("Maximum call stack size exceeded", with no position).
 */
export function assertNotTooDeep(shown: string, text: string): void {
  const deep = findTooDeep(text);
  if (deep === undefined) return;
  throw unreadableConfig(
    shown,
    positionAt(text, deep.offset),
    `lists and maps nest more than ${MAX_DECLARATION_DEPTH} levels deep here; ` +
      'a config nests a few levels (environments.<name>.auth.secret), so it was not read any further.',
    'Remove the nesting at that line: every key of the config and what it holds is described in docs/configuration.md.',
  );
}

/** The 1-based line and column (in characters) of `offset` in `text`. */
export function positionAt(text: string, offset: number, keyPath?: readonly (string | number)[]): TextPosition {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line += 1;
  const lineStart = offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
  const column = offset - lineStart + 1;
  return keyPath === undefined ? { line, column } : { line, column, keyPath };
}

function refuse(error: GraphformError): never {
  throw error;
}
