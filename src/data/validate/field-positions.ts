import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { decodeUtf8, StrictUtf8Decoder } from '../../fs/utf8-text.js';
import { yamlPackage } from '../../load/yaml-package.js';
import { DATA_CODES } from '../codes.js';
import type { DataFile, ReadEntry } from '../types.js';
import { jsonFieldOffset, pointerSegments, yamlFieldOffset, type FieldEnd } from '../read/field-offset.js';
import { fileBytes, fileBytesAtMost } from '../read/file-bytes.js';
import { elementEntry } from '../read/json-array-reader.js';
import { JsonArrayScanner, type ArrayElement } from '../read/json-array-scanner.js';
import type { PlainItemFields } from '../read/plain-item.js';
import { dataFormatOf } from '../read/read-data-file.js';
import { wholeYamlEntries } from '../read/yaml-document.js';
import { YamlItemSplitter } from '../read/yaml-item-splitter.js';
import { MAX_YAML_PARSE_BYTES } from '../read/yaml-problems.js';
import { MAX_YAML_DATA_BYTES } from '../read/yaml-reader.js';
import { checkRecord, type RecordRulesContext } from './check-record.js';

export interface FieldPosition {
  line: number;
  column: number;
}

/** Codes about a field's name: they point at its key, the rest at its value (as declarations' diagnostics do). */
const KEY_CODES: ReadonlySet<string> = new Set([DATA_CODES.undeclaredField, DATA_CODES.wrongFieldName, DATA_CODES.fieldNamedTwice, DATA_CODES.movedField]);

export function fieldEnd(code: string): FieldEnd {
  return KEY_CODES.has(code) ? 'key' : 'value';
}

export interface FieldPositionsOptions {
  files: readonly DataFile[];
  fields: PlainItemFields;
  rules: RecordRulesContext;
  /** The largest JSON array element read, as in the pass. */
  maxItemBytes: number;
}

/**
 * Where in their item the kept diagnostics of YAML lists and JSON arrays are: the pass
 * places each at the line its item starts on; this reads again only the items they name,
 * after the pass, and finds the field their path points to (its value, or its key for a
 * problem with the name). A diagnostic without a path, or whose field is not in the item
 * (a missing one: it points at the object that lacks it, or stays at the item), keeps its
 * line. NDJSON lines are one item each: they keep theirs. Positions are a help: a file that
 * cannot be read again as it was keeps its diagnostics where the pass put them.
 *
 * `kept` is in reading order. Several JSON elements (or YAML flow items) may start on one
 * line: each is checked again, and takes the diagnostics it gives, in order.
 */
export async function fieldPositions(kept: readonly Diagnostic[], options: FieldPositionsOptions): Promise<Map<Diagnostic, FieldPosition>> {
  const positions = new Map<Diagnostic, FieldPosition>();
  for (const file of options.files) {
    if (file.entries !== undefined) continue;
    const format = dataFormatOf(file.path);
    if (format !== 'json' && format !== 'yaml') continue;
    const byLine = new Map<number, Diagnostic[]>();
    for (const d of kept) {
      if (d.file !== file.display || d.path === '' || d.column !== 1) continue;
      const onLine = byLine.get(d.line);
      if (onLine === undefined) byLine.set(d.line, [d]);
      else onLine.push(d);
    }
    if (byLine.size === 0) continue;
    try {
      if (format === 'json') await locateInJson(file, byLine, options, positions);
      else await locateInYaml(file, byLine, options, positions);
    } catch {
      // Read again, the file failed or changed: its diagnostics stay at their items.
    }
  }
  return positions;
}

/** What an item read again gives: the diagnostics the pass gave it, the same objects or not. */
function diagnosticsOf(entry: ReadEntry, rules: RecordRulesContext): Diagnostic[] {
  return entry.kind === 'issue' ? [entry.issue] : checkRecord(entry.record, rules);
}

function keyOf(d: Diagnostic): string {
  return `${d.severity}\u0000${d.code}\u0000${d.path}\u0000${d.message}`;
}

/** The pending diagnostics of a line that this item gives, in order, taken from `pending`. */
function claim(pending: Diagnostic[], produced: readonly Diagnostic[]): Diagnostic[] {
  const keys = produced.map(keyOf);
  const claimed: Diagnostic[] = [];
  while (pending.length > 0) {
    const next = pending[0] as Diagnostic;
    const index = keys.indexOf(keyOf(next));
    if (index === -1) break;
    keys[index] = '';
    claimed.push(next);
    pending.shift();
  }
  return claimed;
}

function lastLine(byLine: ReadonlyMap<number, unknown>): number {
  let max = 0;
  for (const line of byLine.keys()) max = Math.max(max, line);
  return max;
}

async function locateInJson(
  file: DataFile,
  byLine: Map<number, Diagnostic[]>,
  options: FieldPositionsOptions,
  positions: Map<Diagnostic, FieldPosition>,
): Promise<void> {
  const scanner = new JsonArrayScanner(options.maxItemBytes);
  const decoder = new StrictUtf8Decoder();
  const last = lastLine(byLine);
  const visit = (element: ArrayElement): void => {
    const pending = byLine.get(element.line);
    if (pending === undefined || pending.length === 0 || element.tooLarge === true) return;
    const claimed = claim(pending, diagnosticsOf(elementEntry(element, file.display, options.fields, options.maxItemBytes), options.rules));
    for (const d of claimed) {
      const offset = jsonFieldOffset(element.text, pointerSegments(d.path), fieldEnd(d.code));
      if (offset !== undefined) positions.set(d, positionIn(element.text, offset, element.line, element.column));
    }
  };
  for await (const raw of fileBytes(file, { bytesRead: 0 })) {
    const decoded = decoder.write(raw);
    if (!decoded.ok) return;
    for (const element of scanner.push(decoded.text)) {
      if (element.line > last) return;
      visit(element);
    }
  }
  const end = decoder.end();
  if (end.ok) for (const element of scanner.push(end.text)) visit(element);
}

/** The file position of `offset` in `text`, which starts at `line`:`column` of the file. */
export function positionIn(text: string, offset: number, line: number, column: number): FieldPosition {
  let lines = 0;
  let lineStart = -1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    lines++;
    lineStart = at;
  }
  return lines === 0 ? { line, column: column + offset } : { line: line + lines, column: offset - lineStart };
}

async function locateInYaml(
  file: DataFile,
  byLine: Map<number, Diagnostic[]>,
  options: FieldPositionsOptions,
  positions: Map<Diagnostic, FieldPosition>,
): Promise<void> {
  if (file.size !== undefined && file.size > MAX_YAML_DATA_BYTES) return;
  const splitter = new YamlItemSplitter(MAX_YAML_PARSE_BYTES);
  const decoder = new StrictUtf8Decoder();
  const last = lastLine(byLine);
  let blockList = true;
  let done = false;
  const take = (splits: ReturnType<YamlItemSplitter['push']>): void => {
    for (const split of splits) {
      if (split.kind === 'not-a-block-list') blockList = false;
      if (split.kind === 'item' && split.line <= last) locateInBlockItem(split.text, split.line, byLine, positions);
      else if (split.line > last || split.kind !== 'too-large') done = true;
    }
  };
  for await (const raw of fileBytes(file, { bytesRead: 0 })) {
    const decoded = decoder.write(raw);
    if (!decoded.ok) return;
    take(splitter.push(decoded.text));
    if (done || !blockList) break;
  }
  if (!done && blockList) {
    const end = decoder.end();
    if (end.ok) take([...splitter.push(end.text), ...splitter.end()]);
  }
  // A flow list, or an item that does not read on its own: the file read whole, as the reader does.
  if ([...byLine.values()].some((pending) => pending.length > 0)) await locateInWholeYaml(file, byLine, options, positions);
}

/** One item of a block list: all the pending diagnostics of the line its value starts on are its. */
function locateInBlockItem(text: string, line: number, byLine: Map<number, Diagnostic[]>, positions: Map<Diagnostic, FieldPosition>): void {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < text.length - 1; at = text.indexOf('\n', at + 1)) lines++;
  let wanted = false;
  for (const [at, pending] of byLine) if (at >= line && at < line + lines && pending.length > 0) wanted = true;
  if (!wanted) return;
  const { isSeq, LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) return;
  const contents = doc.contents;
  if (!isSeq(contents) || contents.items.length !== 1) return;
  const node = contents.items[0] as { range?: [number, number, number] } | null;
  if (node?.range === undefined) return;
  const at = (offset: number): FieldPosition => {
    const pos = lineCounter.linePos(offset);
    return { line: line - 1 + pos.line, column: pos.col };
  };
  const pending = byLine.get(at(node.range[0]).line);
  if (pending === undefined) return;
  for (const d of pending.splice(0)) {
    const offset = yamlFieldOffset(doc, node, pointerSegments(d.path), fieldEnd(d.code));
    if (offset !== undefined) positions.set(d, at(offset));
  }
}

async function locateInWholeYaml(
  file: DataFile,
  byLine: Map<number, Diagnostic[]>,
  options: FieldPositionsOptions,
  positions: Map<Diagnostic, FieldPosition>,
): Promise<void> {
  const bytes = await fileBytesAtMost(file, { bytesRead: 0 }, MAX_YAML_PARSE_BYTES);
  if (bytes === undefined) return;
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return;
  const entries = wholeYamlEntries(decoded.text, file.display, options.fields);
  const { isSeq, LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  const doc = parseDocument(decoded.text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const contents = doc.contents;
  if (!isSeq(contents) || contents.items.length !== entries.length) return;
  entries.forEach((entry, index) => {
    const pending = byLine.get(entry.kind === 'record' ? entry.record.line : entry.issue.line);
    if (pending === undefined || pending.length === 0) return;
    for (const d of claim(pending, diagnosticsOf(entry, options.rules))) {
      const offset = yamlFieldOffset(doc, contents.items[index], pointerSegments(d.path), fieldEnd(d.code));
      if (offset === undefined) continue;
      const pos = lineCounter.linePos(offset);
      positions.set(d, { line: pos.line, column: pos.col });
    }
  });
}
