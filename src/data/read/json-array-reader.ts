import { StringDecoder } from 'node:string_decoder';
import { DATA_CODES } from '../codes.js';
import type { DataFile, ReadCounter, ReadEntry } from '../types.js';
import { isActionShape } from './action-line.js';
import { fileBytes } from './file-bytes.js';
import { dataIssue } from './issue.js';
import { parseJson } from './json-values.js';
import { JsonArrayScanner, type ArrayElement, type ScanProblem } from './json-array-scanner.js';
import { plainItemEntry, type PlainItemFields } from './plain-item.js';

const PROBLEM_MESSAGES: Record<ScanProblem['kind'], string> = {
  'not-an-array': 'A .json data file must hold one JSON array of items.',
  unexpected: 'This is not valid JSON here: expected an item, "," or the closing "]" of the array.',
  unterminated: 'The JSON array does not end: an item or the closing "]" is missing.',
};

/** Reads a `.json` file holding one array of plain items, streaming element by element. */
export async function* readJsonArray(file: DataFile, fields: PlainItemFields, counter: ReadCounter = { bytesRead: 0 }): AsyncGenerator<ReadEntry[]> {
  const scanner = new JsonArrayScanner();
  const decoder = new StringDecoder('utf8');
  for await (const raw of fileBytes(file, counter)) {
    const entries = scanner.push(decoder.write(raw)).map((element) => elementEntry(element, file.display, fields));
    if (entries.length > 0) yield entries;
  }
  const tail = scanner.push(decoder.end()).map((element) => elementEntry(element, file.display, fields));
  const problem = scanner.end();
  if (problem !== undefined) {
    tail.push({ kind: 'issue', issue: dataIssue(problem.kind === 'not-an-array' ? DATA_CODES.notAList : DATA_CODES.invalidJson, file.display, problem.line, PROBLEM_MESSAGES[problem.kind]) });
  }
  if (tail.length > 0) yield tail;
}

function elementEntry(element: ArrayElement, file: string, fields: PlainItemFields): ReadEntry {
  const parsed = parseJson(element.text);
  if (!parsed.ok) return { kind: 'issue', issue: dataIssue(DATA_CODES.invalidJson, file, element.line, `This item is not valid JSON: ${parsed.message}.`) };
  if (isActionShape(parsed.value)) {
    return {
      kind: 'issue',
      issue: dataIssue(DATA_CODES.unexpectedAction, file, element.line, 'JSON and YAML data files hold plain items, not action lines: put the item itself here.'),
    };
  }
  return plainItemEntry(parsed.value, file, element.line, fields);
}
