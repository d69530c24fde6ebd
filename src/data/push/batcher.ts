import type { DataLocation } from '../types.js';

/** One request body in the making, or ready to send. */
export interface Batch {
  /** 1-based, in the order batches are cut. */
  number: number;
  body: Buffer;
  items: number;
  first: DataLocation;
  last: DataLocation;
}

export interface BatchLimits {
  maxBytes: number;
  maxItems: number;
}

/**
 * Cuts records into batches bounded by bytes and by item count. A record is never split:
 * one larger than maxBytes travels alone in its own batch. Records come serialized (text)
 * or as ranges of a file's bytes; neighbouring ranges of one buffer are kept as one range,
 * so a run of raw records costs nothing per record until the batch is copied out.
 */
export class Batcher {
  private parts: (string | Uint8Array)[] = [];
  private open: { source: Uint8Array; start: number; end: number } | undefined;
  private items = 0;
  private bytes = 0;
  private firstFile = '';
  private firstLine = 0;
  private lastFile = '';
  private lastLine = 0;
  private cut = 0;

  constructor(private readonly limits: BatchLimits) {}

  /** Adds one serialized record; returns the batch it closed, if adding it would overflow. */
  add(text: string, location: DataLocation): Batch | undefined {
    const size = Buffer.byteLength(text);
    const closed = this.makeRoom(size);
    this.closeRange();
    this.parts.push(text);
    this.count(size, location.file, location.line);
    return closed;
  }

  /** Adds one record that is `source[start, end)` as it is; returns the batch it closed, if any. */
  addRaw(source: Uint8Array, start: number, end: number, file: string, line: number): Batch | undefined {
    const closed = this.makeRoom(end - start);
    const open = this.open;
    if (open?.source === source && open.end === start) open.end = end;
    else {
      this.closeRange();
      this.open = { source, start, end };
    }
    this.count(end - start, file, line);
    return closed;
  }

  /** The batch in progress, if any: call once at the end. */
  flush(): Batch | undefined {
    if (this.items === 0) return undefined;
    this.closeRange();
    const batch: Batch = {
      number: ++this.cut,
      body: this.body(),
      items: this.items,
      first: { file: this.firstFile, line: this.firstLine },
      last: { file: this.lastFile, line: this.lastLine },
    };
    this.parts = [];
    this.items = 0;
    this.bytes = 0;
    return batch;
  }

  private makeRoom(size: number): Batch | undefined {
    if (this.items > 0 && (this.bytes + size > this.limits.maxBytes || this.items >= this.limits.maxItems)) return this.flush();
    return undefined;
  }

  private count(size: number, file: string, line: number): void {
    if (this.items === 0) {
      this.firstFile = file;
      this.firstLine = line;
    }
    this.items++;
    this.bytes += size;
    this.lastFile = file;
    this.lastLine = line;
  }

  private closeRange(): void {
    if (this.open === undefined) return;
    this.parts.push(this.open.source.subarray(this.open.start, this.open.end));
    this.open = undefined;
  }

  /** One copy of every part: the body owns its bytes, so the file's read buffers can go. */
  private body(): Buffer {
    if (this.parts.every((part) => typeof part === 'string')) return Buffer.from(this.parts.join(''), 'utf8');
    const body = Buffer.allocUnsafeSlow(this.bytes);
    let at = 0;
    for (const part of this.parts) {
      if (typeof part === 'string') at += body.write(part, at, 'utf8');
      else {
        body.set(part, at);
        at += part.length;
      }
    }
    return body;
  }
}
