import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** About 256 KiB of text per write. */
const CHUNK_CHARS = 1 << 18;

/** A finished snapshot: where it is, the sha256 of its bytes, and how many items it holds. */
export interface SnapshotInfo {
  path: string;
  hash: string;
  items: number;
  bytes: number;
}

/**
 * Writes the items the keep step carries over as wire-form NDJSON (an action line and a
 * data line each), to a temporary name, mode 0600 (it holds drafts and restricted items),
 * fsynced and renamed into place only when complete: a snapshot that exists is whole.
 */
export class SnapshotWriter {
  private readonly hash = createHash('sha256');
  private readonly temp: string;
  private items = 0;
  private bytes = 0;
  private pending = '';
  private constructor(
    private readonly target: string,
    private readonly stream: WriteStream,
  ) {
    this.temp = `${target}.partial`;
  }

  static async create(target: string): Promise<SnapshotWriter> {
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.partial`;
    await removeStalePartials(target);
    const stream = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    await once(stream, 'open');
    return new SnapshotWriter(target, stream);
  }

  async add(id: string, language: string, dataLine: string): Promise<void> {
    this.pending += `${JSON.stringify({ index: { _id: id, language_routing: language } })}\n${dataLine}\n`;
    this.items++;
    if (this.pending.length >= CHUNK_CHARS) await this.flush();
  }

  /** Items are written in chunks: a write per item costs more than the item's own work. */
  private async flush(): Promise<void> {
    if (this.pending === '') return;
    const chunk = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async finish(): Promise<SnapshotInfo> {
    await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(resolve);
    });
    const handle = await open(this.temp, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.temp, this.target);
    return { path: this.target, hash: `sha256:${this.hash.digest('hex')}`, items: this.items, bytes: this.bytes };
  }

  /** Stops writing and removes the partial file (an interrupt, a failed export). */
  async discard(): Promise<void> {
    this.stream.destroy();
    await rm(this.temp, { force: true });
  }
}

/**
 * A run killed while it wrote a snapshot leaves its `.partial` file, under a name no later
 * run uses again (the stamp differs): removed here, for the same source only (`<id>-…`, ids
 * hold no `-`), since the state lock makes this run the only writer of that source's
 * snapshots. Other sources' files may be written by this very run (--parallelism).
 */
async function removeStalePartials(target: string): Promise<void> {
  const folder = path.dirname(target);
  const name = path.basename(target);
  const prefix = name.slice(0, name.indexOf('-') + 1);
  if (prefix === '') return;
  for (const entry of await readdir(folder)) {
    if (entry.startsWith(prefix) && entry.endsWith('.ndjson.partial')) await rm(path.join(folder, entry), { force: true });
  }
}

/** How much of a snapshot is held at once while it is hashed. */
const HASH_CHUNK_BYTES = 1024 * 1024;

/**
 * The sha256 of a snapshot's bytes, to check it is the one state names before it is pushed.
 * Streamed in chunks: a snapshot holds every item of a source and may be larger than a
 * Buffer can be (2 GiB), so it is never read whole.
 */
export async function snapshotHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: HASH_CHUNK_BYTES })) hash.update(chunk as Buffer);
  return `sha256:${hash.digest('hex')}`;
}
