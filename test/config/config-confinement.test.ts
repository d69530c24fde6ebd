import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** The config file too: a link committed in its place must not make graphform read or quote another file. */
const CANARY = 'canary-c0nf1g-7e1d';

describe('the config file stays inside the project and is never quoted', () => {
  it('refuses a searched config that links outside the project, without its contents', async () => {
    const outside = await makeTempDir();
    await writeFile(path.join(outside, 'secrets.yaml'), `token: ${CANARY}\n`);
    const dir = await makeTempDir();
    await mkdir(path.join(dir, 'content-sources'));
    await symlink(path.join(outside, 'secrets.yaml'), path.join(dir, 'graphform.config.yaml'));
    const run = await runCli(['validate'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_CONFIG_OUTSIDE_PROJECT');
    expect(run.stderr).toContain('outside the project folder');
    expect(run.stdout + run.stderr).not.toContain(CANARY);
  });

  it('refuses a link to a process environment', async () => {
    const dir = await makeTempDir();
    await mkdir(path.join(dir, 'content-sources'));
    await symlink('/proc/self/environ', path.join(dir, 'graphform.config.yaml'));
    const run = await runCli(['plan', '--format', 'json'], { cwd: dir, env: { GF_CANARY: CANARY } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_CONFIG_OUTSIDE_PROJECT');
  });

  it('reports a syntax error with its position but without the line it sits on', async () => {
    const dir = await makeTempDir();
    await writeFile(path.join(dir, 'graphform.config.yaml'), `sources: [\nsecret: ${CANARY}\n`);
    const run = await runCli(['validate'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_CONFIG_INVALID');
    expect(run.stderr).toMatch(/graphform\.config\.yaml:2:1: YAML syntax error: /);
    expect(run.stdout + run.stderr).not.toContain(CANARY);
  });

  it('reads a file named with --config where it is', async () => {
    const outside = await makeTempDir();
    await writeFile(path.join(outside, 'shared.yaml'), 'sources: content-sources\n');
    const dir = await makeTempDir();
    await mkdir(path.join(dir, 'content-sources'));
    const run = await runCli(['--config', path.join(outside, 'shared.yaml'), 'validate'], { cwd: dir });
    expect(run.stderr).not.toContain('GF_CONFIG_OUTSIDE_PROJECT');
    // It was read: its `sources` resolves against its own folder, which has no declarations.
    expect(run.stderr).toContain('GF_SOURCES_DIR_MISSING');
  });
});
