import { MAX_DECLARATION_DEPTH } from '../../load/nesting-depth.js';
import { nestsDeeperThan } from '../../model/value-depth.js';
import { DATA_CODES } from '../codes.js';
import type { ReadEntry } from '../types.js';

/**
 * Data items nest lists and maps as deep as declarations may, and no deeper: the YAML
 * parser, the validation and the serialisation of a push all recurse, and a line of 50,000
 * nested `[` would exhaust the stack in one of them. Levels count from the top of the file,
 * so the list of a YAML or JSON file is the first level and an NDJSON line's item is.
 */
export const MAX_DATA_DEPTH = MAX_DECLARATION_DEPTH;

/** A line and column (1-based) in a file. */
export interface DepthPosition {
  line: number;
  column: number;
}

/**
 * Where the JSON `text` (which parsed) first opens a list or map deeper than `max` levels,
 * counting from `depth` levels already open; `start` is where `text` starts in the file.
 * Only asked once nestsDeeperThan (model/value-depth) said so: it reads every character.
 */
export function jsonTooDeepAt(text: string, start: DepthPosition, max: number, depth = 0): DepthPosition | undefined {
  let open = depth;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      // A string: brackets in it are text. The text parsed, so the string is closed.
      for (i += 1; i < text.length && text.charCodeAt(i) !== 0x22; i += 1) if (text.charCodeAt(i) === 0x5c) i += 1;
    } else if (code === 0x5b || code === 0x7b) {
      open += 1;
      if (open > max) return positionIn(text, i, start);
    } else if (code === 0x5d || code === 0x7d) open -= 1;
  }
  return undefined;
}

/** The line and column in the file of `offset` in `text`, which starts at `start`. */
export function positionIn(text: string, offset: number, start: DepthPosition): DepthPosition {
  let line = start.line;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line += 1;
  const lineStart = offset === 0 ? -1 : text.lastIndexOf('\n', offset - 1);
  return { line, column: lineStart === -1 ? start.column + offset : offset - lineStart };
}

/** GF_DATA_TOO_DEEP at `at`: what is wrong and what to do. */
export function tooDeepEntry(file: string, at: DepthPosition): ReadEntry {
  return {
    kind: 'issue',
    issue: {
      code: DATA_CODES.tooDeep,
      severity: 'error',
      message:
        `Lists and maps nest more than ${MAX_DATA_DEPTH} levels deep here, counting from the top of the file: ` +
        'the item was not read. An item nests a few levels (a property type inside an item); flatten the value.',
      file,
      line: at.line,
      column: at.column,
      path: '',
    },
  };
}

/**
 * GF_DATA_TOO_DEEP for an item's value read from the JSON `text` that starts at `start`, or
 * undefined when it is not too deep. `depth` is how many levels hold the item (1 in a
 * JSON array, 0 on an NDJSON line).
 */
export function jsonItemTooDeep(value: unknown, text: string, file: string, start: DepthPosition, depth: number): ReadEntry | undefined {
  if (!nestsDeeperThan(value, MAX_DATA_DEPTH - depth)) return undefined;
  return tooDeepEntry(file, jsonTooDeepAt(text, start, MAX_DATA_DEPTH, depth) ?? start);
}
