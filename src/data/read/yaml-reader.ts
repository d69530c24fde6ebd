import { stat } from 'node:fs/promises';
import { decodeUtf8, StrictUtf8Decoder } from '../../fs/utf8-text.js';
import { DATA_CODES } from '../codes.js';
import { formatBytes } from '../progress/format-progress.js';
import type { DataFile, ReadCounter, ReadEntry } from '../types.js';
import { fileBytes, fileBytesAtMost } from './file-bytes.js';
import { dataIssue, encodingIssue } from './issue.js';
import type { PlainItemFields } from './plain-item.js';
import { wholeYamlEntries } from './yaml-document.js';
import { YamlListState } from './yaml-list-state.js';
import { MAX_YAML_PARSE_BYTES, yamlProblemEntry } from './yaml-problems.js';

/** Text handed to the item reader at a time: a batch of entries comes from each. */
const PIECE_CHARS = 64 * 1024;

/** The largest YAML data file read. */
export const MAX_YAML_DATA_BYTES = 64 * 1024 * 1024;

/**
 * Reads a YAML list of plain items. A block list (each item starting with "- " at the
 * start of a line, as YAML tools write lists) is read as it streams in, item by item, so
 * memory holds one item whatever the file's size; anything else (a flow list `[…]`,
 * directives, a list that does not read item by item) is parsed whole, up to 4 MiB.
 * Timestamps stay strings (YAML 1.2 core schema), as the service expects. The bytes are
 * strict UTF-8: at the first that is not, the file is reported and nothing more is read.
 */
export async function* readYamlList(file: DataFile, fields: PlainItemFields, counter: ReadCounter = { bytesRead: 0 }): AsyncGenerator<ReadEntry[]> {
  const size = file.size ?? (await stat(file.path)).size;
  if (size > MAX_YAML_DATA_BYTES) {
    yield [tooLarge(file)];
    return;
  }
  const start = counter.bytesRead;
  const state = new YamlListState(file.display, fields, size <= MAX_YAML_PARSE_BYTES, MAX_YAML_PARSE_BYTES);
  const decoder = new StrictUtf8Decoder();
  for await (const raw of fileBytes(file, counter)) {
    // Without a size taken at validation the file is read to its end: it may have grown.
    if (counter.bytesRead - start > MAX_YAML_DATA_BYTES) {
      yield [tooLarge(file)];
      return;
    }
    const decoded = decoder.write(raw);
    if (!decoded.ok) {
      yield [{ kind: 'issue', issue: encodingIssue(file.display, decoded.problem) }];
      return;
    }
    // Parsing is what costs, so batches are cut from pieces of text smaller than a read:
    // items handed out soon are not kept alive through many collections while the rest parse.
    for (let at = 0; at < decoded.text.length && !state.wantsWhole; at += PIECE_CHARS) {
      const entries = state.push(decoded.text.slice(at, at + PIECE_CHARS));
      if (entries.length > 0) yield entries;
    }
    if (state.wantsWhole) break;
  }
  if (!state.wantsWhole) {
    const last = decoder.end();
    if (!last.ok) {
      yield [{ kind: 'issue', issue: encodingIssue(file.display, last.problem) }];
      return;
    }
    const tail = [...state.push(last.text), ...state.end()];
    if (tail.length > 0) yield tail;
    if (!state.wantsWhole) return;
  }
  const rest = await readWhole(file, fields, counter, start, state.handedOut);
  if (rest.length > 0) yield rest;
}

/** The file parsed whole, leaving out the items handed out already; it is read again, from the start. */
async function readWhole(file: DataFile, fields: PlainItemFields, counter: ReadCounter, start: number, skip: number): Promise<ReadEntry[]> {
  const own = { bytesRead: 0 };
  const bytes = await fileBytesAtMost(file, own, MAX_YAML_PARSE_BYTES);
  counter.bytesRead = start + own.bytesRead;
  if (bytes === undefined) return [yamlProblemEntry({ kind: 'not-read-whole', line: 1 }, file.display)];
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return [{ kind: 'issue', issue: encodingIssue(file.display, decoded.problem) }];
  return wholeYamlEntries(decoded.text, file.display, fields, skip);
}

function tooLarge(file: DataFile): ReadEntry {
  const message =
    `This YAML file is larger than ${formatBytes(MAX_YAML_DATA_BYTES)}, the most graphform reads of a YAML data file: ` +
    'it was not read. Put large data in NDJSON (.ndjson), which is streamed.';
  return { kind: 'issue', issue: dataIssue(DATA_CODES.fileTooLarge, file.display, 1, message) };
}
