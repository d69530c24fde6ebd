import { isSeq, LineCounter, parseDocument } from 'yaml';
import { DATA_CODES } from '../codes.js';
import type { DataFile, ReadCounter, ReadEntry } from '../types.js';
import { isActionShape } from './action-line.js';
import { fileText } from './file-bytes.js';
import { dataIssue } from './issue.js';
import { plainItemEntry, type PlainItemFields } from './plain-item.js';

/**
 * Reads a YAML list of plain items. YAML has no streaming parser here, so the file is read
 * whole: YAML is for hand-written fixtures; large data belongs in NDJSON or JSON.
 * Timestamps stay strings (YAML 1.2 core schema), as the service expects.
 */
export async function* readYamlList(file: DataFile, fields: PlainItemFields, counter: ReadCounter = { bytesRead: 0 }): AsyncGenerator<ReadEntry[]> {
  const text = await fileText(file, counter);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [error] = doc.errors;
  if (error !== undefined) {
    // Later parse errors usually follow from the first one: report that one only.
    const message = `This is not valid YAML: ${error.message.split('\n')[0] ?? ''}`;
    yield [{ kind: 'issue', issue: dataIssue(DATA_CODES.invalidYaml, file.display, lineCounter.linePos(error.pos[0]).line, message) }];
    return;
  }
  const contents = doc.contents;
  if (!isSeq(contents)) {
    const line = contents?.range === undefined ? 1 : lineCounter.linePos(contents.range[0]).line;
    yield [{ kind: 'issue', issue: dataIssue(DATA_CODES.notAList, file.display, line, 'A YAML data file must hold one list of items (each starting with "- ").') }];
    return;
  }
  const values = doc.toJS() as unknown[];
  const entries: ReadEntry[] = contents.items.map((node, index) => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    const line = range === undefined ? 1 : lineCounter.linePos(range[0]).line;
    const value = values[index];
    if (isActionShape(value)) {
      return {
        kind: 'issue' as const,
        issue: dataIssue(DATA_CODES.unexpectedAction, file.display, line, 'JSON and YAML data files hold plain items, not action lines: put the item itself here.'),
      };
    }
    return plainItemEntry(value, file.display, line, fields);
  });
  if (entries.length > 0) yield entries;
}
