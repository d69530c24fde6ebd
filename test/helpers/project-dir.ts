import { mkdtemp, rm, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Temporary folders removed after each test of the file that calls this. */
export function useTempDirs(): { make(files?: Record<string, string>): Promise<string> } {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return {
    async make(files = {}) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-test-'));
      made.push(dir);
      await writeFiles(dir, files);
      return dir;
    },
  };
}

export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const full = path.join(dir, name);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}
