import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

describe('plan against the embedded emulator while `graphform emulator` holds its folder', () => {
  it('says to stop that one or to plan against it with --env, not to pick another dataDir', async () => {
    const cwd = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'content-sources/blog.yaml':
        'id: blog\nlabel: Blog\nlanguages: [en]\ncontentTypes:\n  Post:\n    contentType: []\n    properties:\n      Title: { type: String }\n',
    });
    await startTestEmulator({ dataDir: path.join(cwd, '.graphform/emulator') });
    const run = await runCli(['plan'], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_EMULATOR_DATA_DIR_LOCKED');
    expect(run.stderr).toContain('Environment local runs the emulator in this process, on that folder, which another graphform process holds');
    expect(run.stderr).toContain('a plan or apply against local (wait for it to end)');
    expect(run.stderr).toContain('pass `--env` with its name');
    expect(run.stderr).not.toContain('another `dataDir`');
  });
});
