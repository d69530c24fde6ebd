import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Chunks of about this many characters are written at once, so a huge rewrite never builds one string. */
const CHUNK_CHARS = 1 << 20;

type Lines = Iterable<string> | AsyncIterable<string>;

async function writeLines(handle: Awaited<ReturnType<typeof open>>, lines: Lines): Promise<void> {
  let pending: string[] = [];
  let size = 0;
  for await (const line of lines) {
    pending.push(line);
    size += line.length;
    if (size >= CHUNK_CHARS) {
      // writeFile, unlike write, loops until the whole chunk is on disk (no short writes).
      await handle.writeFile(pending.join(''));
      pending = [];
      size = 0;
    }
  }
  if (pending.length > 0) await handle.writeFile(pending.join(''));
}

/** Makes a rename durable; some file systems refuse to fsync a directory, which is harmless here. */
async function syncDirectory(path: string): Promise<void> {
  try {
    const dir = await open(path, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // Best effort: the data file itself is already fsynced.
  }
}

/**
 * Replaces `path` with the given content: temp file in the same folder, fsync, rename, fsync
 * of the folder. A reader, or a crash, sees the old file or the new one, never half of one.
 */
export async function writeFileAtomic(path: string, content: string | Lines, mode = 0o644): Promise<void> {
  // Same folder, so the rename never crosses file systems; hidden, so nobody picks it up as data.
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    await writeLines(handle, typeof content === 'string' ? [content] : content);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}

/**
 * Appends lines in one open/write/fsync cycle, to a regular file only: the open is
 * O_NONBLOCK, so a FIFO put in its place fails (ENXIO) or is refused by fstat instead of
 * waiting for a reader.
 */
export async function appendLines(path: string, lines: Lines): Promise<void> {
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK, 0o666);
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`${path} is not a regular file; nothing was appended to it`);
    await writeLines(handle, lines);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
