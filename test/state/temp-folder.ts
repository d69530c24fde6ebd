import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/** A real folder under the OS temp dir, removed when the test finishes. */
export async function tempFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-state-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
