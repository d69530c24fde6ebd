import type { DataFile, ReadCounter, ReadEntry } from '../types.js';
import { readLineChunks } from './line-chunks.js';
import { NdjsonState } from './ndjson-state.js';
import type { PlainItemFields } from './plain-item.js';

export interface NdjsonReadOptions {
  /** The file passed validation: a minified data line after its action line is kept as text, unparsed. */
  trusted: boolean;
  /** A longer line is reported (GF_DATA_LINE_TOO_LONG) instead of read. */
  maxLineBytes: number;
}

/**
 * Reads NDJSON line by line. The first non-blank line decides the form of the whole file:
 * an action line means the service's wire form (action line + data line pairs, `delete`
 * alone), anything else means plain items whose action lines are generated.
 * Yields the entries of each chunk of lines together, to keep per-item overhead low.
 */
export async function* readNdjson(file: DataFile, fields: PlainItemFields, counter: ReadCounter, options: NdjsonReadOptions): AsyncGenerator<ReadEntry[]> {
  const state = new NdjsonState(file.display, fields, { trusted: options.trusted, maxLineBytes: options.maxLineBytes });
  for await (const chunk of readLineChunks(file, counter, options.maxLineBytes)) {
    const out: ReadEntry[] = [];
    chunk.lines.forEach((text, i) => {
      if (typeof text === 'string') state.line(text, chunk.firstLine + i, out);
      else if (text.problem === 'too-long') state.tooLong(chunk.firstLine + i, out);
      else state.notUtf8(text, out);
    });
    if (out.length > 0) yield out;
  }
  const out: ReadEntry[] = [];
  state.end(out);
  if (out.length > 0) yield out;
}
