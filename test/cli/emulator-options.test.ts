import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('graphform emulator refuses options that cannot work, in the words of its flags', () => {
  it('--cors-origin without a scheme names the flag, not the library option', async () => {
    const run = await runCli(['emulator', '--cors-origin', 'http://localhost:5173,localhost:3000'], { cwd: await makeTempDir() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Error [GF_EMULATOR_BAD_OPTIONS]: --cors-origin: "localhost:3000" is not an origin such as http://localhost:3000 (scheme, host and port, no path), nor *',
    );
  });

  it('--data-dir naming a file says it must be a folder, not EEXIST', async () => {
    const cwd = await makeTempDir();
    await writeFile(path.join(cwd, 'package.json'), '{}\n');
    for (const dataDir of ['package.json', 'package.json/emulator']) {
      const run = await runCli(['emulator', '--data-dir', dataDir], { cwd });
      expect(run.code, dataDir).toBe(1);
      expect(run.stderr, dataDir).toContain(
        `Error [GF_EMULATOR_BAD_OPTIONS]: The emulator's data folder ${path.join(cwd, dataDir)} is a file, or lies under one: it must be a folder.`,
      );
      expect(run.stderr, dataDir).toContain('Give a folder, or a path that does not exist yet (the emulator creates it).');
      expect(run.stderr, dataDir).not.toContain('EEXIST');
    }
  });
});
