import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh folder under the OS temp dir, removed when the current test finishes. */
export async function makeTempDir(prefix = 'graphform-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Writes each file (path relative to `dir` → content), creating folders as needed. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const full = join(dir, name);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}

/** A temp folder holding `files`. */
export async function makeProjectDir(files: Record<string, string> = {}): Promise<string> {
  const dir = await makeTempDir();
  await writeFiles(dir, files);
  return dir;
}
