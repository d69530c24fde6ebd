import { isSeq, LineCounter, parseDocument } from 'yaml';
import { excerpt } from '../../diagnostics/excerpt.js';
import { decodeUtf8 } from '../../fs/utf8-text.js';
import { findDuplicateKeys } from '../../load/duplicate-keys.js';
import { DATA_CODES } from '../codes.js';
import { formatBytes } from '../progress/format-progress.js';
import type { DataFile, ReadCounter, ReadEntry } from '../types.js';
import { isActionShape } from './action-line.js';
import { fileBytesAtMost } from './file-bytes.js';
import { dataIssue, encodingIssue } from './issue.js';
import { plainItemEntry, type PlainItemFields } from './plain-item.js';

/** The largest YAML data file read: it is parsed whole, in memory. */
export const MAX_YAML_DATA_BYTES = 64 * 1024 * 1024;

/** yaml's limit on alias expansion, as its own default: an honest file uses a few aliases. */
const MAX_ALIAS_COUNT = 100;

/**
 * Reads a YAML list of plain items. YAML has no streaming parser here, so the file is read
 * whole, and only up to 64 MiB: YAML is for hand-written fixtures; large data belongs in
 * NDJSON or JSON. Timestamps stay strings (YAML 1.2 core schema), as the service expects.
 */
export async function* readYamlList(file: DataFile, fields: PlainItemFields, counter: ReadCounter = { bytesRead: 0 }): AsyncGenerator<ReadEntry[]> {
  const bytes = await fileBytesAtMost(file, counter, MAX_YAML_DATA_BYTES);
  if (bytes === undefined) {
    const message = `This YAML file is larger than ${formatBytes(MAX_YAML_DATA_BYTES)}, the most graphform reads of a YAML data file (YAML is read whole): it was not read. Put large data in NDJSON (.ndjson), which is streamed.`;
    yield [{ kind: 'issue', issue: dataIssue(DATA_CODES.fileTooLarge, file.display, 1, message) }];
    return;
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    yield [{ kind: 'issue', issue: encodingIssue(file.display, decoded.problem) }];
    return;
  }
  const text = decoded.text;
  const lineCounter = new LineCounter();
  // Repeated keys are found in one pass below; yaml's own check is quadratic in a map's size.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const [error] = doc.errors;
  if (error !== undefined) {
    // Later parse errors usually follow from the first one: report that one only.
    const message = `This is not valid YAML: ${excerpt(error.message.split('\n')[0] ?? '', 200)}`;
    yield [{ kind: 'issue', issue: dataIssue(DATA_CODES.invalidYaml, file.display, lineCounter.linePos(error.pos[0]).line, message) }];
    return;
  }
  const [repeated] = findDuplicateKeys(doc);
  if (repeated !== undefined) {
    const first = lineCounter.linePos(repeated.firstOffset).line;
    const message = `This is not valid YAML: map keys must be unique, and "${excerpt(repeated.key)}" repeats the key on line ${first}.`;
    yield [{ kind: 'issue', issue: dataIssue(DATA_CODES.invalidYaml, file.display, lineCounter.linePos(repeated.offset).line, message) }];
    return;
  }
  const contents = doc.contents;
  if (!isSeq(contents)) {
    const line = contents?.range === undefined ? 1 : lineCounter.linePos(contents.range[0]).line;
    yield [{ kind: 'issue', issue: dataIssue(DATA_CODES.notAList, file.display, line, 'A YAML data file must hold one list of items (each starting with "- ").') }];
    return;
  }
  let values: unknown[];
  try {
    // yaml counts what each alias expands to and throws past the limit: a few hundred
    // bytes of nested aliases (billion laughs) would otherwise expand to gigabytes.
    values = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown[];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `This YAML could not be read: ${excerpt(reason, 200)}. Its aliases (*name) expand to too much; write the items out, or use NDJSON.`;
    yield [{ kind: 'issue', issue: dataIssue(DATA_CODES.invalidYaml, file.display, lineCounter.linePos(contents.range?.[0] ?? 0).line, message) }];
    return;
  }
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
