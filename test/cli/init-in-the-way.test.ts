import { readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

describe('graphform init with something in the way', () => {
  it('a regular file where the declarations folder goes: init writes nothing at all and says what is in the way', async () => {
    const dir = await makeProjectDir({ 'content-sources': 'not a folder\n' });
    const result = await runCli(['init', '--yes'], { cwd: dir });
    expect(result.code, result.stdout).toBe(1);
    expect(result.stderr).toContain('[GF_INIT_IN_THE_WAY]');
    expect(result.stderr).toContain('content-sources is a regular file, where init needs a folder. Nothing was written.');
    expect(result.stderr).toContain('Move or rename what is in the way');
    expect(result.stderr).not.toContain('GF_SYSTEM');
    expect(result.stdout).not.toContain('created');
    expect(await readdir(dir)).toEqual(['content-sources']);
  });

  it('a project left half set up (a config, and a file where the declarations folder goes) is not reported as fine', async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': 'sources: content-sources\n', 'content-sources': 'not a folder\n' });
    const result = await runCli(['init', '--yes', '--ci', 'none'], { cwd: dir });
    expect(result.code, result.stdout).toBe(1);
    expect(result.stderr).toContain('content-sources is a regular file, where init needs a folder');
    expect(result.stdout).not.toContain('Next:');
    expect((await readdir(dir)).sort()).toEqual(['content-sources', 'graphform.config.yaml']);
  });

  it('names every path in the way at once: a file where a CI folder goes, a link to nothing where the config goes', async () => {
    const dir = await makeProjectDir({ '.github': 'a file\n' });
    await symlink(path.join(dir, 'nowhere.yaml'), path.join(dir, 'graphform.config.yaml'));
    const result = await runCli(['init', '--yes', '--ci', 'github'], { cwd: dir });
    expect(result.code, result.stdout).toBe(1);
    expect(result.stderr).toContain('graphform.config.yaml is a symbolic link to nothing, where init needs a file');
    expect(result.stderr).toContain('.github is a regular file, where init needs a folder');
    expect((await readdir(dir)).sort()).toEqual(['.github', 'graphform.config.yaml']);
  });
});
