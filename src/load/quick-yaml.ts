import {
  flow,
  keyValue,
  OutsideSubset,
  outside,
  plainValue,
  quoted,
  restIsBlank,
  setKey,
  skipSpaces,
  type Position,
  type RecordEntry,
} from './quick-yaml-scalars.js';

export type { Position, RecordEntry } from './quick-yaml-scalars.js';

/**
 * Reads the YAML that declarations are written in, many times faster than the `yaml`
 * package and without building a document: block maps and lists, one-line flow lists and
 * maps, plain and quoted strings, booleans, nulls and comments. For anything else (anchors,
 * tags, block scalars, numbers, escapes, several documents, multi-line values, tabs), and
 * for anything `yaml` would report (bad indentation, repeated keys, strings too long, a top
 * level that is not a map), it returns undefined and the caller reads the file with `yaml`.
 * When it returns a value, that value equals what `yaml` would give, and `yaml` would
 * report nothing: test/load/quick-yaml.test.ts checks both on every fixture and example.
 *
 * With `record`, it also reports where each map entry's key and value and each list
 * item start, as `yaml` places them (quick-source-map.ts builds positions from that).
 */
export function readCommonYaml(text: string, record?: RecordEntry): Record<string, unknown> | undefined {
  if (UNSUPPORTED_CHARACTER.test(text) || (text.includes('\r') && LONE_CARRIAGE_RETURN.test(text))) return undefined;
  try {
    const reader = new BlockReader(text.split('\n'), record);
    const start = reader.nextContent();
    if (start === undefined || start.indent !== 0) return undefined;
    const root = reader.map(0, 0);
    // The root map returns only at the end of the text or at a line it cannot place.
    return reader.nextContent() === undefined ? root : undefined;
  } catch (error) {
    if (error instanceof OutsideSubset) return undefined;
    throw error;
  }
}

/**
 * Tabs, control characters, a carriage return that does not end a line, a byte-order mark
 * inside the text, and the line and paragraph separators: `yaml` has rules for each.
 */
// eslint-disable-next-line no-control-regex
const UNSUPPORTED_CHARACTER = /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\ufeff\u2028\u2029]/;
/** Looked for only in a text with a carriage return: one class alone scans several times faster. */
const LONE_CARRIAGE_RETURN = /\r(?!\n)/;

interface ContentLine {
  /** Index of the line. */
  index: number;
  /** Spaces before its content. */
  indent: number;
}

/**
 * Reads block structure line by line. Each reader of a value starts on the line where the
 * value starts and returns with `at` on the first line it did not consume.
 */
class BlockReader {
  /** The line being read. */
  private at = 0;
  /** Where the value read last starts (1-based), when positions are recorded; undefined for an empty value. */
  private valueLine = 0;
  private valueColumn = 0;

  constructor(
    private readonly lines: string[],
    private readonly record: RecordEntry | undefined,
  ) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
      // Directives, document markers and several documents are left to yaml.
      if (line.startsWith('---') || line.startsWith('...') || line.startsWith('%')) outside();
    }
  }

  /** Moves to the next line with content (not blank, not only a comment); undefined at the end. */
  nextContent(): ContentLine | undefined {
    for (; this.at < this.lines.length; this.at++) {
      const line = this.lines[this.at] as string;
      const indent = skipSpaces(line, 0);
      if (indent < line.length && line.charAt(indent) !== '#') return { index: this.at, indent };
    }
    return undefined;
  }

  /**
   * A block map whose keys stand at column `indent`; its first key starts at `column` of the
   * current line (past the `- ` of a list item, or at the indent).
   */
  map(indent: number, column: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    let start = column;
    for (;;) {
      const line = this.current();
      const key = blockKey(line, start);
      const keyLine = this.at + 1;
      setKey(map, key.value, this.value(line, key.end + 1, indent, true));
      this.record?.(map, key.value, { line: keyLine, column: start + 1 }, this.valueAt());
      const next = this.nextContent();
      if (next === undefined || next.indent < indent) return map;
      if (next.indent > indent) outside();
      start = indent;
    }
  }

  /** A block list whose dashes stand at column `indent`, starting on the current line. */
  list(indent: number): unknown[] {
    const list: unknown[] = [];
    for (;;) {
      const line = this.current();
      list.push(this.value(line, indent + 1, indent, false));
      this.record?.(list, list.length - 1, undefined, this.valueAt());
      const next = this.nextContent();
      if (next === undefined || next.indent < indent) return list;
      if (next.indent > indent) outside();
      // A map's value list may stand at the map's own indent: the map goes on after it.
      if (!isDash(this.current(), indent)) return list;
    }
  }

  /**
   * The value that starts after a key's colon or an item's dash, at `from` of the current
   * line. `indent` is that of the map or list holding it; `inMap` says which.
   */
  private value(line: string, from: number, indent: number, inMap: boolean): unknown {
    if (from < line.length && line.charAt(from) !== ' ') outside();
    const start = skipSpaces(line, from);
    if (start === line.length || line.charAt(start) === '#') return this.nested(indent, inMap);
    const first = line.charAt(start);
    const inFlow = first === '[' || first === '{';
    const valueLine = this.at + 1;
    let value: unknown;
    // `- key: value` starts a map inside the list, with its keys at this column.
    if (!inMap && !inFlow && isKeyStart(line, start)) value = this.map(start, start);
    else {
      if (inFlow) value = this.alone(line, flow(line, start, this.record === undefined ? undefined : { record: this.record, line: valueLine }));
      else if (first === '"' || first === "'") value = this.alone(line, quoted(line, start));
      else value = plainValue(plainText(line, start));
      this.at++;
    }
    this.setValueAt(valueLine, start + 1);
    return value;
  }

  private setValueAt(line: number, column: number): void {
    this.valueLine = line;
    this.valueColumn = column;
  }

  /** Where the value read last starts, or undefined for an empty one. */
  private valueAt(): Position | undefined {
    return this.valueLine === 0 ? undefined : { line: this.valueLine, column: this.valueColumn };
  }

  /** A value on the lines below a key or dash with nothing after it; null when there is none. */
  private nested(indent: number, inMap: boolean): unknown {
    this.at++;
    const next = this.nextContent();
    let value: unknown = null;
    if (next !== undefined) {
      const line = this.current();
      if (next.indent > indent) {
        if (isDash(line, next.indent)) value = this.list(next.indent);
        else if (isKeyStart(line, next.indent)) value = this.map(next.indent, next.indent);
        // A scalar on its own line below its key.
        else outside();
      } else if (inMap && next.indent === indent && isDash(line, indent)) {
        value = this.list(indent);
      }
    }
    // A nested map or list starts at its first key or dash; otherwise the value is empty, and
    // the line below belongs to an enclosing map or list.
    if (value === null || next === undefined) this.setValueAt(0, 0);
    else this.setValueAt(next.index + 1, next.indent + 1);
    return value;
  }

  /** A flow collection or quoted scalar must be alone on its line (a comment aside). */
  private alone(line: string, read: { value: unknown; end: number }): unknown {
    if (!restIsBlank(line, read.end)) outside();
    return read.value;
  }

  private current(): string {
    return this.lines[this.at] as string;
  }
}

function isDash(line: string, at: number): boolean {
  return line.charAt(at) === '-' && (at + 1 === line.length || line.charAt(at + 1) === ' ');
}

/** Whether a `key:` starts at `start`: a quoted key followed by a colon, or plain text with `: ` or a final `:` before any comment. */
function isKeyStart(line: string, start: number): boolean {
  const first = line.charAt(start);
  if (first === '"' || first === "'") {
    const end = quotedEnd(line, start);
    return end !== -1 && line.charAt(end) === ':';
  }
  return plainKeyColon(line, start) !== -1;
}

/** A block map key at `start` of `line`; `end` is the index of its colon. */
function blockKey(line: string, start: number): { value: string; end: number } {
  const first = line.charAt(start);
  if (first === '"' || first === "'") {
    const key = quoted(line, start);
    if (line.charAt(key.end) !== ':') outside();
    return { value: keyValue(key.value, true, key.end - start), end: key.end };
  }
  const colon = plainKeyColon(line, start);
  if (colon === -1) outside();
  let end = colon;
  while (line.charCodeAt(end - 1) === 0x20) end--;
  return { value: keyValue(line.slice(start, end), false, colon - start), end: colon };
}

/** Index of the colon that ends a plain key (followed by a space or the end of the line), or -1. */
function plainKeyColon(line: string, start: number): number {
  for (let i = line.indexOf(':', start); i !== -1; i = line.indexOf(':', i + 1)) {
    if (i + 1 === line.length || line.charAt(i + 1) === ' ') {
      const hash = line.indexOf(' #', start);
      return hash !== -1 && hash < i ? -1 : i;
    }
  }
  return -1;
}

/** The index after a quoted scalar's closing quote on the same line, or -1. */
function quotedEnd(line: string, start: number): number {
  try {
    return quoted(line, start).end;
  } catch (error) {
    if (error instanceof OutsideSubset) return -1;
    throw error;
  }
}

/** A plain scalar from `start` to a comment or the end of the line; one that holds `: ` is a nested map, left to yaml. */
function plainText(line: string, start: number): string {
  const hash = line.indexOf(' #', start);
  const text = (hash === -1 ? line.slice(start) : line.slice(start, hash)).trimEnd();
  if (text.includes(': ') || text.endsWith(':')) outside();
  return text;
}
