import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { GraphformError, isGraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';
import type { CompanionStore, PendingSnapshot, RemoteSnapshotCopy } from '../state/types.js';
import { makeSnapshotFolder } from './snapshot-folder.js';

/**
 * Compressed bytes per part by default: 4 MiB, a request body of about 5.6 MB once in
 * base64 and JSON. A part is the most held at once (its bytes, base64 text and request
 * body: about 5 times this), whatever the snapshot's size.
 */
export const DEFAULT_PART_BYTES = 4 * 1024 * 1024;

/** A snapshot named in state, with where its copy is. */
export type StoredSnapshot = PendingSnapshot & { remote: RemoteSnapshotCopy };

/**
 * Stores a copy of a finished snapshot beside the state, gzip-compressed and cut into parts
 * of at most `partBytes` compressed bytes, each a JSON document of its own (servers of the
 * protocol may expect JSON state bodies): `{graphformSnapshot: 1, serial, source, snapshot,
 * part, last, sha256, gzipBase64}`. The name holds the snapshot's hash, so a new snapshot
 * never overwrites the copy state names until state names the new one. Streamed: one part
 * in memory at a time.
 */
export async function storeSnapshot(
  root: string,
  snapshot: PendingSnapshot,
  sourceId: string,
  store: CompanionStore,
  partBytes = DEFAULT_PART_BYTES,
): Promise<StoredSnapshot> {
  const name = store.nameFor(`graphform-snapshot-${sourceId}-${snapshot.hash.replace(/^sha256:/, '').slice(0, 16)}`);
  let part = 0;
  let bytes = 0;
  let held: Buffer[] = [];
  let heldBytes = 0;
  const send = async (chunk: Buffer, last: boolean): Promise<void> => {
    part++;
    bytes += chunk.length;
    await store.put(`${name}-${part}`, partBody({ source: sourceId, snapshot: snapshot.hash, part, last }, chunk));
  };
  try {
    await pipeline(createReadStream(path.resolve(root, snapshot.snapshot)), createGzip(), async (compressed: AsyncIterable<Buffer>) => {
      for await (const chunk of compressed) {
        held.push(chunk);
        heldBytes += chunk.length;
        while (heldBytes >= partBytes) {
          const all = Buffer.concat(held);
          await send(all.subarray(0, partBytes), false);
          held = [all.subarray(partBytes)];
          heldBytes -= partBytes;
        }
      }
      await send(Buffer.concat(held), true);
    });
  } catch (error) {
    // The parts already stored are named nowhere: removed when the server lets them be.
    await removeStoredSnapshot({ name, parts: part, bytes }, store).catch(() => undefined);
    // Apply's outcome shows the message alone: what to do about a size limit is said in it.
    const tooLarge =
      isGraphformError(error) && error.details.status === 413
        ? '; the server limits the size of a state: set state.snapshotPartBytes below that limit, or raise it'
        : '';
    throw new GraphformError(
      'GF_KEEP_SNAPSHOT_REMOTE',
      `the snapshot of source ${sourceId} (${snapshot.snapshot}) could not be stored beside the state at ${store.description}: ` +
        `${reason(error)}${tooLarge}; nothing was sent to the service`,
      {
        hint:
          'The next runner needs this copy to bring the items back after the full update, so the update is not sent without it. ' +
          'A 413 answer means the state server limits the size of a state ' +
          '(GitLab: the max_terraform_state_size_bytes setting): ' +
          'set state.snapshotPartBytes of this environment below that limit, or raise it; then run `graphform apply` again.',
      },
    );
  }
  return { ...snapshot, remote: { name, parts: part, bytes } };
}

/**
 * Fetches a snapshot's copy from beside the state into its file (named in state, relative to
 * `root`), checking each part and, at the end, the sha256 state records: the file appears,
 * 0600, only when whole and the very one that was written. Streamed, one part at a time.
 */
export async function fetchSnapshot(root: string, snapshot: StoredSnapshot, sourceId: string, store: CompanionStore): Promise<string> {
  const file = path.resolve(root, snapshot.snapshot);
  const temp = `${file}.fetch`;
  // As the keep step writes it: never through a link out of the project, whose files the push alone reads.
  await makeSnapshotFolder(root, path.dirname(file), sourceId);
  const hash = createHash('sha256');
  try {
    await pipeline(
      Readable.from(parts(snapshot, sourceId, store)),
      createGunzip(),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(temp, { mode: 0o600 }),
    );
    if (`sha256:${hash.digest('hex')}` !== snapshot.hash) throw new Error('what its parts hold is not the snapshot state names (its sha256 differs)');
    const handle = await open(temp, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    return file;
  } catch (error) {
    await rm(temp, { force: true });
    throw new GraphformError(
      'GF_KEEP_SNAPSHOT_REMOTE',
      `the snapshot of the items of source ${sourceId} (${snapshot.snapshot}, ${snapshot.items} items) is not on this machine, ` +
        `and its copy beside the state at ${store.description} (${snapshot.remote.name}) cannot be read: ${reason(error)}`,
      {
        hint:
          'Check the state server (and state.username/password); ' +
          'the pending marker in state keeps the items owed. With the file from the machine that wrote it, `graphform data restore FILE` pushes it.',
      },
    );
  }
}

/** Removes a snapshot's copy beside the state, part by part. */
export async function removeStoredSnapshot(remote: RemoteSnapshotCopy, store: CompanionStore): Promise<void> {
  for (let part = 1; part <= remote.parts; part++) await store.remove(`${remote.name}-${part}`);
}

async function* parts(snapshot: StoredSnapshot, sourceId: string, store: CompanionStore): AsyncGenerator<Buffer> {
  const { name, parts: count } = snapshot.remote;
  for (let part = 1; part <= count; part++) {
    const text = await store.get(`${name}-${part}`);
    if (text === undefined) throw new Error(`part ${part} of ${count} is gone`);
    yield partBytes(text, { source: sourceId, snapshot: snapshot.hash, part, last: part === count });
  }
}

interface PartHeader {
  source: string;
  snapshot: string;
  part: number;
  last: boolean;
}

function partBody(header: PartHeader, bytes: Buffer): string {
  // serial: servers that keep versions of a state (GitLab) read it from the body.
  return JSON.stringify({ graphformSnapshot: 1, serial: header.part, ...header, sha256: sha256(bytes), gzipBase64: bytes.toString('base64') });
}

/** A part's compressed bytes, once it is shown to be the expected part of the expected snapshot, whole. */
function partBytes(text: string, expected: PartHeader): Buffer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!isRecord(value) || value.graphformSnapshot !== 1 || typeof value.gzipBase64 !== 'string')
    throw new Error(`part ${expected.part} is not a graphform snapshot part`);
  for (const key of ['source', 'snapshot', 'part', 'last'] as const) {
    if (value[key] !== expected[key])
      throw new Error(`part ${expected.part} belongs elsewhere (its ${key} is ${JSON.stringify(value[key])}, not ${JSON.stringify(expected[key])})`);
  }
  const bytes = Buffer.from(value.gzipBase64, 'base64');
  if (sha256(bytes) !== value.sha256) throw new Error(`part ${expected.part} is damaged (its sha256 differs)`);
  return bytes;
}

function sha256(bytes: Buffer): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

function reason(error: unknown): string {
  if (isGraphformError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}
