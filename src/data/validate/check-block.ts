import { isUtf8 } from 'node:buffer';
import { hasUtf8Bom } from '../../fs/utf8-text.js';
import { serializeAction } from '../push/serialize.js';
import { decodeLine } from '../read/line-chunks.js';
import { NdjsonState, SIMPLE_ACTION, simpleActionBytes } from '../read/ndjson-state.js';
import type { DataAction, ReadEntry } from '../types.js';
import type { BlockContext, BlockJob, BlockResult } from './block-job.js';
import { BlockTally } from './block-tally.js';
import { wireNamesOf } from './item-schema.js';
import { jsonBytes, type JsonBytes } from './json-bytes.js';

export { resultBytes, type BlockContext, type BlockJob, type BlockResult } from './block-job.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Reads and checks every line of a block: the work the validation pass spreads over threads. */
export function checkBlock(job: BlockJob, context: BlockContext): BlockResult {
  const buffer = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  // One check for the whole block; lines are checked one by one only when it fails.
  const utf8 = isUtf8(buffer);
  const state = new NdjsonState(job.file, context.fields, { maxLineBytes: context.maxLineBytes, mode: job.mode, pending: job.pending });
  const tally = new BlockTally(job, context);
  const tooLong = job.tooLong.length === 0 ? undefined : new Set(job.tooLong);
  const out: ReadEntry[] = [];
  const json = jsonBytes(buffer);
  let raw = true;
  let line = job.firstLine;
  let start = 0;
  for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
    if (tooLong?.has(line) === true) {
      tally.at(start, start);
      state.tooLong(line, out);
      raw = false;
    } else {
      const plain = utf8 && line !== 1 && buffer[end - 1] !== CARRIAGE_RETURN;
      // Most lines are read from their bytes (readQuickly); the rest decoded in place, or by
      // decodeLine, which handles a `\r`, a BOM and bytes that are not UTF-8.
      tally.at(start, end);
      const quick = plain ? readQuickly(json, start, end, line, state, context, tally, out) : NOT_READ;
      if (quick === READ_RENAMED) raw = false;
      if (quick === NOT_READ) {
        const text = plain ? buffer.toString('utf8', start, end) : decodeLine(buffer.subarray(start, end), line, utf8);
        if (typeof text !== 'string') {
          state.notUtf8(text, out);
          raw = false;
        } else {
          state.line(text, line, out);
          raw =
            raw &&
            (plain || (buffer[end - 1] !== CARRIAGE_RETURN && !(line === 1 && hasUtf8Bom(buffer.subarray(start, end))))) &&
            sendsAsIs(text, line, state, out, context);
        }
      }
    }
    if (out.length > 0) {
      for (const entry of out) tally.add(entry);
      out.length = 0;
    }
    start = end + 1;
    line++;
  }
  return tally.result(raw);
}

const NOT_READ = 0;
const READ = 1;
/** Read, and clean, but under plain names the push renames (wire-names.ts): not sent as it is. */
const READ_RENAMED = 2;

/**
 * A line read from its bytes, as state.line would read its text, when it is one of the two
 * common kinds: an action line exactly as graphform writes it, or the data line an index
 * action waits for that the quick check finds nothing to say about (no string decoded, no
 * value built). Either goes on the wire as it is, unless it holds plain names the wire form
 * renames (READ_RENAMED). NOT_READ: read the line's text.
 */
function readQuickly(
  json: JsonBytes,
  start: number,
  end: number,
  line: number,
  state: NdjsonState,
  context: BlockContext,
  tally: BlockTally,
  out: ReadEntry[],
): number {
  const awaited = state.pending?.action;
  if (awaited !== undefined) {
    const verdict = context.clean.accepts(json, start, end, awaited.language);
    if (verdict !== 'no') {
      state.takeAwaited();
      tally.clean(awaited, line);
      return verdict === 'wire' ? READ : READ_RENAMED;
    }
  }
  if (state.mode === 'plain' || state.mode === 'document') return NOT_READ;
  const action = simpleActionBytes(json.bytes, start, end);
  if (action === undefined) return NOT_READ;
  state.simpleActionLine(action, line, out);
  return READ;
}

/** Whether the line just read goes on the wire exactly as it is in the file. */
function sendsAsIs(text: string, line: number, state: NdjsonState, out: readonly ReadEntry[], context: BlockContext): boolean {
  // An empty line between records is skipped; one between an action and its data is not worth cutting around.
  if (text.length === 0) return state.pending === undefined;
  const waiting = state.pending;
  if (waiting?.line === line) return waiting.action !== undefined && isCanonical(text, waiting.action);
  const last = out[out.length - 1];
  if (last?.kind !== 'record' || last.record.line !== line) return false;
  // A data line goes as it is written (a valid JSON line means the same item to the service,
  // minified or not), unless it names a property by the plain name where the wire's differs.
  return last.record.action.kind === 'delete' ? isCanonical(text, last.record.action) : !needsRename(last.record.item, context);
}

/** The action line is exactly what graphform would send for it; the simple form (most lines) is that by construction. */
function isCanonical(text: string, action: DataAction): boolean {
  return SIMPLE_ACTION.test(text) || text === serializeAction(action);
}

function needsRename(item: Record<string, unknown> | undefined, context: BlockContext): boolean {
  if (item === undefined) return false;
  const names = wireNamesOf(context.rules.definition);
  if (!names.renames) return false;
  const types = item.ContentType;
  const typeName = Array.isArray(types) ? types[types.length - 1] : undefined;
  return typeof typeName === 'string' && names.needsRename(item, typeName);
}
