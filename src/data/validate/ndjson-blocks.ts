import { utf16Kind, utf16Problem } from '../../fs/utf8-text.js';
import { encodingIssue } from '../read/issue.js';
import { LineBlocker, type BlockBuffers, type LineBlock } from '../read/line-blocks.js';
import { decodeLine } from '../read/line-chunks.js';
import { NdjsonState } from '../read/ndjson-state.js';
import type { PlainItemFields } from '../read/plain-item.js';
import type { ReadEntry } from '../types.js';
import type { BlockLanes } from './block-lanes.js';
import { resultBytes, type BlockResult } from './check-block.js';

export interface NdjsonBlocksOptions {
  /** The file's name in diagnostics. */
  file: string;
  fields: PlainItemFields;
  maxLineBytes: number;
  lanes: BlockLanes;
  /** Where blocks get their memory, and give it back. */
  buffers: BlockBuffers;
  /** The same for the records' results (see BlockJob.results). */
  results: BlockBuffers;
  /** Numbers blocks across the whole pass. */
  nextSeq: () => number;
  /** Takes each block's result, in the file's order. */
  take: (result: BlockResult) => void;
}

export interface NdjsonBlocksOutcome {
  /** What the end of the file adds (an index action with no data line after it). */
  tail: ReadEntry[];
  /** The file is in the wire form and every line may be sent as it is (see BlockResult.raw). */
  raw: boolean;
}

/**
 * Validates one NDJSON file as blocks of lines checked in parallel, with exactly the
 * entries, in the same order, that reading it line by line gives. What a block needs from
 * the lines before it is small: the file's form (decided by its first line that parses)
 * and the action line still waiting for its data line, which after any line that is not
 * blank depends on that line alone. So this thread reads only the lines that decide the
 * form and the last line that is not blank of each block, through the same NdjsonState the
 * workers use, before handing the block over.
 */
export async function validateNdjsonBlocks(pieces: AsyncIterable<Uint8Array>, options: NdjsonBlocksOptions): Promise<NdjsonBlocksOutcome> {
  const shadow = new NdjsonState(options.file, options.fields, { maxLineBytes: options.maxLineBytes });
  const blocker = new LineBlocker(options.maxLineBytes, options.buffers);
  const started: { result: Promise<BlockResult> }[] = [];
  let raw = true;
  const hand = async (block: LineBlock | undefined): Promise<void> => {
    if (block === undefined) return;
    const results = options.results.take(resultBytes(block.lineCount)).buffer;
    const job = { seq: options.nextSeq(), file: options.file, ...block, mode: shadow.mode, pending: shadow.pending, results };
    follow(shadow, block);
    started.push(await options.lanes.start(job));
    while (started.length > options.lanes.ahead) raw = take(await started.shift()?.result) && raw;
  };
  const take = (result: BlockResult | undefined): boolean => {
    if (result === undefined) return true;
    options.take(result);
    options.buffers.give(result.bytes);
    options.results.give(new Uint8Array(result.hashes.buffer));
    return result.raw;
  };
  let first = true;
  try {
    for await (const piece of pieces) {
      if (first) {
        first = false;
        const utf16 = utf16Kind(piece);
        // Like the line reader: a UTF-16 file is one problem, and nothing more of it is read.
        if (utf16 !== undefined) return { tail: [{ kind: 'issue', issue: encodingIssue(options.file, utf16Problem(utf16)) }], raw: false };
      }
      await hand(blocker.push(piece));
    }
    await hand(blocker.end());
  } catch (error) {
    // No block is left checking when the pass ends, whatever ended it.
    await Promise.allSettled(started.map((s) => s.result));
    throw error;
  }
  for (const next of started.splice(0)) raw = take(await next.result) && raw;
  const tail: ReadEntry[] = [];
  shadow.end(tail);
  return { tail, raw: raw && shadow.mode === 'wire' };
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
