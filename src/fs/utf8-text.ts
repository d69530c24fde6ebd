/** Where a file stops being UTF-8, and why, in words a user can act on. */
export interface EncodingProblem {
  /** 1-based line and column (in characters) of the first byte that is not UTF-8. */
  line: number;
  column: number;
  message: string;
}

export type DecodedText = { ok: true; text: string } | { ok: false; problem: EncodingProblem };

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
/** How much of the start of a file is looked at to recognise UTF-16 without a byte-order mark. */
const UTF16_SAMPLE_BYTES = 64;

/**
 * Decodes a whole file as strict UTF-8: a UTF-8 byte-order mark is dropped, anything that
 * is not UTF-8 (Latin-1, UTF-16, binary) is a problem at the first bad byte, never text
 * with replacement characters in it.
 */
export function decodeUtf8(bytes: Buffer): DecodedText {
  const decoder = new StrictUtf8Decoder();
  const head = decoder.write(bytes);
  if (!head.ok) return head;
  const tail = decoder.end();
  return tail.ok ? { ok: true, text: head.text + tail.text } : tail;
}

/** Whether the bytes start with a UTF-8 byte-order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
}

/**
 * 'little-endian' or 'big-endian' when the start of a file looks like UTF-16: its
 * byte-order mark, or NUL bytes in every other position (ASCII text saved as UTF-16,
 * which is valid UTF-8 byte by byte and would otherwise read as garbage).
 */
export function utf16Kind(start: Uint8Array): 'little-endian' | 'big-endian' | undefined {
  if (start[0] === 0xff && start[1] === 0xfe) return 'little-endian';
  if (start[0] === 0xfe && start[1] === 0xff) return 'big-endian';
  const pairs = Math.floor(Math.min(start.length, UTF16_SAMPLE_BYTES) / 2);
  if (pairs < 2) return undefined;
  let low = 0;
  let high = 0;
  for (let i = 0; i < pairs; i++) {
    const first = start[2 * i] ?? 0;
    const second = start[2 * i + 1] ?? 0;
    if (first !== 0 && second === 0) low++;
    else if (first === 0 && second !== 0) high++;
  }
  if (low * 2 >= pairs && high === 0) return 'little-endian';
  if (high * 2 >= pairs && low === 0) return 'big-endian';
  return undefined;
}

export function utf16Problem(kind: 'little-endian' | 'big-endian'): EncodingProblem {
  return {
    line: 1,
    column: 1,
    message: `the file is UTF-16 (${kind}), not UTF-8: save it as UTF-8`,
  };
}

/**
 * Offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629:
 * no overlong forms, no surrogates, nothing above U+10FFFF), or -1. When `complete` is
 * false, a sequence cut off by the end of `bytes` is not counted as bad: more may follow.
 */
export function invalidUtf8Offset(bytes: Uint8Array, complete = true): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = sequenceLength(lead);
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined) return complete ? i : -1;
      if (!continuationFits(lead, k, next)) return i;
    }
    i += length;
  }
  return -1;
}

function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** The second byte's range depends on the lead (Unicode table 3-7); later ones are 80-BF. */
function continuationFits(lead: number, index: number, byte: number): boolean {
  if (index === 1) {
    if (lead === 0xe0) return byte >= 0xa0 && byte <= 0xbf;
    if (lead === 0xed) return byte >= 0x80 && byte <= 0x9f;
    if (lead === 0xf0) return byte >= 0x90 && byte <= 0xbf;
    if (lead === 0xf4) return byte >= 0x80 && byte <= 0x8f;
  }
  return byte >= 0x80 && byte <= 0xbf;
}

/** The problem for a byte sequence that is not UTF-8 at `offset` of `bytes`. */
export function invalidByteProblem(bytes: Uint8Array, offset: number, line: number, column: number): EncodingProblem {
  const byte = bytes[offset];
  const hex = `0x${(byte ?? 0).toString(16).toUpperCase().padStart(2, '0')}`;
  const cutOff = byte !== undefined && sequenceLength(byte) > bytes.length - offset && invalidUtf8Offset(bytes.subarray(offset), false) === -1;
  const shown = cutOff ? `a character is cut off (byte ${hex} begins one that does not end)` : `byte ${hex} is not UTF-8`;
  return {
    line,
    column,
    message: `${shown} (the file may be Latin-1 or Windows-1252): save it as UTF-8`,
  };
}

/** Column (1-based, in characters) of `offset` within one line's bytes, all valid before it. */
export function columnOf(lineBytes: Uint8Array, offset: number): number {
  return Buffer.from(lineBytes.buffer, lineBytes.byteOffset, offset).toString('utf8').length + 1;
}

/**
 * Decodes a file chunk by chunk as strict UTF-8, keeping track of lines and columns, so a
 * streamed file is checked without being held whole. A character split across two chunks
 * is carried over, not mistaken for an error. After a problem, stop feeding it.
 */
export class StrictUtf8Decoder {
  // fatal: throws on a bad byte instead of inserting U+FFFD; it drops a leading BOM.
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private started = false;
  private line = 1;
  private column = 1;
  /** The bytes of a character begun at the end of the last chunk. */
  private carry: Buffer = Buffer.alloc(0);

  write(chunk: Buffer): DecodedText {
    const first = !this.started;
    if (first) {
      this.started = true;
      const kind = utf16Kind(chunk);
      if (kind !== undefined) return { ok: false, problem: utf16Problem(kind) };
    }
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return { ok: false, problem: this.locate(Buffer.concat([this.carry, chunk]), false, first) };
    }
    this.carry = incompleteTail(this.carry, chunk);
    this.advance(text);
    return { ok: true, text };
  }

  end(): DecodedText {
    try {
      return { ok: true, text: this.decoder.decode() };
    } catch {
      return { ok: false, problem: this.locate(this.carry, true, false) };
    }
  }

  private locate(bytes: Buffer, complete: boolean, first: boolean): EncodingProblem {
    const found = invalidUtf8Offset(bytes, complete);
    const offset = found === -1 ? 0 : found;
    const start = first && hasUtf8Bom(bytes) ? UTF8_BOM.length : 0;
    this.advance(bytes.toString('utf8', start, Math.max(start, offset)));
    return invalidByteProblem(bytes, offset, this.line, this.column);
  }

  private advance(text: string): void {
    let newline = text.indexOf('\n');
    if (newline === -1) {
      this.column += text.length;
      return;
    }
    let last = newline;
    while (newline !== -1) {
      this.line++;
      last = newline;
      newline = text.indexOf('\n', newline + 1);
    }
    this.column = text.length - last;
  }
}

/** The last 1-3 bytes of `carry` + `chunk` when they begin a character that is not finished. */
function incompleteTail(carry: Buffer, chunk: Buffer): Buffer {
  const tail = chunk.length >= 3 ? chunk.subarray(chunk.length - 3) : Buffer.concat([carry, chunk]);
  for (let i = tail.length - 1; i >= 0 && i >= tail.length - 3; i--) {
    const byte = tail[i] as number;
    if (byte < 0x80) return Buffer.alloc(0);
    if (byte >= 0xc0) return sequenceLength(byte) > tail.length - i ? Buffer.from(tail.subarray(i)) : Buffer.alloc(0);
  }
  return Buffer.alloc(0);
}
