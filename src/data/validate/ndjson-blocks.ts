import { utf16Kind, utf16Problem } from '../../fs/utf8-text.js';
import { encodingIssue } from '../read/issue.js';
import { LineBlocks, type BlockBuffers, type LineBlock, type ReadBytes } from '../read/line-blocks.js';
import { decodeLine } from '../read/line-chunks.js';
import { NdjsonState } from '../read/ndjson-state.js';
import type { PlainItemFields } from '../read/plain-item.js';
import type { ReadEntry } from '../types.js';
import { resultBytes, type BlockJob } from './check-block.js';

export interface NdjsonBlocksOptions {
  /** The file's name in diagnostics. */
  file: string;
  fields: PlainItemFields;
  maxLineBytes: number;
  /** Where blocks get their memory (it comes back once a block is taken). */
  buffers: BlockBuffers;
  /** Bytes per read (a block is what one read completes). */
  readBytes: number;
  /** The same for the records' results (see BlockJob.results). */
  results: BlockBuffers;
  /** Hands a block over to be checked (BlockPipeline.submit); may wait for room. */
  submit: (job: Omit<BlockJob, 'seq'>) => Promise<void>;
}

export interface NdjsonBlocksOutcome {
  /** What the end of the file adds (an index action with no data line after it). */
  tail: ReadEntry[];
  /** The file is in the service's wire form. */
  wire: boolean;
}

/**
 * Cuts one NDJSON file into blocks of lines to be checked in parallel, so that checking
 * them gives exactly the entries, in the same order, that reading it line by line gives.
 * What a block needs from the lines before it is small: the file's form (decided by its
 * first line that parses) and the action line still waiting for its data line, which
 * after any line that is not blank depends on that line alone. So this thread reads only
 * the lines that decide the form and the last line that is not blank of each block,
 * through the same NdjsonState the workers use, before handing the block over. It does
 * not wait for the results: the pipeline takes them in order, across files.
 */
export async function cutNdjsonBlocks(read: ReadBytes, options: NdjsonBlocksOptions): Promise<NdjsonBlocksOutcome> {
  const shadow = new NdjsonState(options.file, options.fields, { maxLineBytes: options.maxLineBytes });
  let first = true;
  let utf16: ReturnType<typeof utf16Kind>;
  // Like the line reader: the first read tells a UTF-16 file, one problem, and nothing more of it is read.
  const inspected: ReadBytes = async (target, offset, length) => {
    const got = await read(target, offset, length);
    if (!first) return got;
    first = false;
    utf16 = utf16Kind(target.subarray(offset, offset + got));
    return utf16 === undefined ? got : 0;
  };
  const blocks = new LineBlocks(options.maxLineBytes, options.buffers, inspected, options.readBytes);
  try {
    for (let block = await blocks.next(); block !== undefined; block = await blocks.next()) {
      const results = options.results.take(resultBytes(block.lineCount)).buffer;
      const job = { file: options.file, ...block, mode: shadow.mode, pending: shadow.pending, results };
      follow(shadow, block);
      await options.submit(job);
    }
  } finally {
    await blocks.settle();
  }
  if (utf16 !== undefined) return { tail: [{ kind: 'issue', issue: encodingIssue(options.file, utf16Problem(utf16)) }], wire: false };
  const tail: ReadEntry[] = [];
  shadow.end(tail);
  return { tail, wire: shadow.mode === 'wire' };
}

/**
 * Brings `state` to where the block leaves the file: line by line while the form is
 * undecided, then only the last line that is not blank.
 */
function follow(state: NdjsonState, block: LineBlock): void {
  const buffer = Buffer.from(block.bytes.buffer, block.bytes.byteOffset, block.bytes.byteLength);
  const scratch: ReadEntry[] = [];
  const feed = (line: number, start: number, end: number): boolean => {
    scratch.length = 0;
    if (block.tooLong.includes(line)) {
      state.tooLong(line, scratch);
      return true;
    }
    const text = decodeLine(buffer.subarray(start, end), line);
    if (typeof text !== 'string') {
      state.notUtf8(text, scratch);
      return true;
    }
    if (text.trim() === '') return false;
    state.line(text, line, scratch);
    return true;
  };
  let fed = block.firstLine - 1;
  let start = 0;
  while (state.mode === 'unknown' && fed < block.firstLine + block.lineCount - 1) {
    const end = buffer.indexOf(0x0a, start);
    feed(++fed, start, end);
    start = end + 1;
  }
  // Backwards from the block's last line to the first one not yet fed.
  let end = buffer.length - 1;
  for (let line = block.firstLine + block.lineCount - 1; line > fed; line--) {
    const lineStart = end === 0 ? 0 : buffer.lastIndexOf(0x0a, end - 1) + 1;
    if (feed(line, lineStart, end)) return;
    end = lineStart - 1;
  }
}
