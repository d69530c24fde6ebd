import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type BodyResult =
  | { kind: 'complete'; bytes: number; md5: string }
  | { kind: 'too-large'; limit: number }
  /** The client went away mid-body: there is no one to answer. */
  | { kind: 'aborted' };

/**
 * Reads a request body chunk by chunk, hashing it (epi-hmac signs its MD5) and handing
 * each chunk to `sink`, so no body is held whole unless the sink keeps it. Past
 * `maxBytes` the sink gets nothing more and the rest is read and discarded, so the client
 * can finish sending and read the 413.
 */
export async function readBody(req: IncomingMessage, maxBytes: number, sink: (chunk: Buffer) => void): Promise<BodyResult> {
  const md5 = createHash('md5');
  let bytes = 0;
  let tooLarge = false;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (tooLarge) continue;
      if (bytes > maxBytes) {
        tooLarge = true;
        continue;
      }
      md5.update(chunk);
      sink(chunk);
    }
  } catch {
    return { kind: 'aborted' };
  }
  if (!req.complete) return { kind: 'aborted' };
  return tooLarge ? { kind: 'too-large', limit: maxBytes } : { kind: 'complete', bytes, md5: md5.digest('base64') };
}

/** A sink that keeps the chunks, for the small JSON bodies of the types endpoints. */
export function collector(): { sink: (chunk: Buffer) => void; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  return { sink: (chunk) => void chunks.push(chunk), bytes: () => Buffer.concat(chunks) };
}
