import { excerpt } from '../../diagnostics/excerpt.js';
import { StrictUtf8Decoder } from '../../fs/utf8-text.js';
import { DATA_CODES } from '../codes.js';
import { formatBytes, formatCount } from '../progress/format-progress.js';
import type { DataFile, ReadCounter, ReadEntry } from '../types.js';
import { isActionShape } from './action-line.js';
import { fileBytes } from './file-bytes.js';
import { jsonItemTooDeep } from './item-depth.js';
import { dataIssue, encodingIssue } from './issue.js';
import { JsonArrayScanner, type ArrayElement, type ScanProblem } from './json-array-scanner.js';
import { parseJson } from './json-values.js';
import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.js';
import { plainItemEntry, type PlainItemFields } from './plain-item.js';

const PROBLEM_MESSAGES: Record<ScanProblem['kind'], string> = {
  'not-an-array': 'A .json data file must hold one JSON array of items.',
  unexpected: 'This is not valid JSON here: expected an item, "," or the closing "]" of the array.',
  unterminated: 'The JSON array does not end: an item or the closing "]" is missing.',
};

/**
 * Reads a `.json` file holding one array of plain items, streaming element by element. The
 * bytes are decoded as strict UTF-8: at the first byte that is not, the file is reported
 * (GF_NOT_UTF8 at its line and column) and nothing more of it is read. An item larger than
 * `maxItemBytes` (16 MiB, as an NDJSON line) is reported, not read.
 */
export async function* readJsonArray(
  file: DataFile,
  fields: PlainItemFields,
  counter: ReadCounter = { bytesRead: 0 },
  maxItemBytes = DEFAULT_MAX_LINE_BYTES,
): AsyncGenerator<ReadEntry[]> {
  const scanner = new JsonArrayScanner(maxItemBytes);
  const decoder = new StrictUtf8Decoder();
  const entriesOf = (text: string): ReadEntry[] => scanner.push(text).map((element) => elementEntry(element, file.display, fields, maxItemBytes));
  for await (const raw of fileBytes(file, counter)) {
    const decoded = decoder.write(raw);
    if (!decoded.ok) {
      yield [{ kind: 'issue', issue: encodingIssue(file.display, decoded.problem) }];
      return;
    }
    const entries = entriesOf(decoded.text);
    if (entries.length > 0) yield entries;
  }
  const last = decoder.end();
  if (!last.ok) {
    yield [{ kind: 'issue', issue: encodingIssue(file.display, last.problem) }];
    return;
  }
  const tail = entriesOf(last.text);
  const problem = scanner.end();
  if (problem !== undefined) {
    tail.push({
      kind: 'issue',
      issue: dataIssue(
        problem.kind === 'not-an-array' ? DATA_CODES.notAList : DATA_CODES.invalidJson,
        file.display,
        problem.line,
        PROBLEM_MESSAGES[problem.kind],
      ),
    });
  }
  if (tail.length > 0) yield tail;
}

/** One element of the array as an entry; also read again after the pass, to find a diagnostic's field. */
export function elementEntry(element: ArrayElement, file: string, fields: PlainItemFields, maxItemBytes: number): ReadEntry {
  if (element.tooLarge === true) {
    const message =
      `This item is larger than ${formatBytes(maxItemBytes)} (${formatCount(maxItemBytes)} bytes), the largest item graphform reads: ` +
      'it was not read. Keep each item under that size.';
    return { kind: 'issue', issue: dataIssue(DATA_CODES.itemTooLarge, file, element.line, message) };
  }
  const parsed = parseJson(element.text);
  if (!parsed.ok)
    return { kind: 'issue', issue: dataIssue(DATA_CODES.invalidJson, file, element.line, `This item is not valid JSON: ${excerpt(parsed.message, 200)}.`) };
  if (isActionShape(parsed.value)) {
    return {
      kind: 'issue',
      issue: dataIssue(
        DATA_CODES.unexpectedAction,
        file,
        element.line,
        'JSON and YAML data files hold plain items, not action lines: put the item itself here.',
      ),
    };
  }
  // The array holds the item: one level.
  return jsonItemTooDeep(parsed.value, element.text, file, element, 1) ?? plainItemEntry(parsed.value, file, element.line, fields);
}
