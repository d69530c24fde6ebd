import { spawn, spawnSync } from 'node:child_process';
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';

/**
 * A config or state path naming a FIFO hung graphform, /dev/zero was read until memory ran
 * out, and /proc/self/environ was quoted in the JSON parse error. The built binary, with a
 * deadline: a hang fails the test instead of stalling it.
 */
function graphform(dir: string, env: Record<string, string>, ...argv: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BIN, ...argv], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const deadline = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, output });
    }),
  );
}

async function projectWithFifo(config = ''): Promise<string> {
  const dir = await makeTempDir('graphform-fifo-');
  await writeFiles(dir, { 'content-sources/.keep': '', ...(config === '' ? {} : { 'graphform.config.yaml': config }) });
  expect(spawnSync('mkfifo', [path.join(dir, 'pipe')]).status).toBe(0);
  return dir;
}

const stateAt = (where: string): string => `environments:\n  local:\n    state: { backend: local, path: ${where} }\n`;

describe('files that are not regular files (built binary)', () => {
  beforeAll(() => assertFreshBuild());

  it('--config naming a FIFO or /dev/zero is refused without being read', async () => {
    const dir = await projectWithFifo();
    const fifo = await graphform(dir, {}, 'validate', '--config', 'pipe');
    expect(fifo.code, fifo.output).toBe(1);
    expect(fifo.output).toContain('[GF_NOT_A_FILE]');
    expect(fifo.output).toContain('is a FIFO (named pipe), not a regular file');
    const zero = await graphform(dir, {}, 'validate', '--config', '/dev/zero');
    expect(zero.code, zero.output).toBe(1);
    expect(zero.output).toContain('/dev/zero is a character device');
  });

  it('a searched config that is a FIFO is refused', async () => {
    const dir = await projectWithFifo();
    expect(spawnSync('mkfifo', [path.join(dir, 'graphform.config.yaml')]).status).toBe(0);
    const run = await graphform(dir, {}, 'validate');
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain('[GF_NOT_A_FILE]');
  });

  it('reads only the config it checked: a FIFO where cosmiconfig looks for its own settings is never opened', async () => {
    // cosmiconfig's search read its meta config (.config/config.json in the working folder) with a
    // blocking readFileSync, and every candidate with a plain readFile after graphform's checks.
    const dir = await projectWithFifo('sources: content-sources\n');
    await writeFiles(dir, { '.config/.keep': '' });
    expect(spawnSync('mkfifo', [path.join(dir, '.config/config.json')]).status).toBe(0);
    const run = await graphform(dir, {}, 'validate');
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('0 content sources valid');
  });

  it('state.path naming a FIFO or /dev/zero: plan stops with GF_NOT_A_FILE', async () => {
    const dir = await projectWithFifo(stateAt('pipe'));
    const fifo = await graphform(dir, {}, 'plan');
    expect(fifo.code, fifo.output).toBe(1);
    expect(fifo.output).toContain(`Cannot read the state: ${path.join(dir, 'pipe')} is a FIFO (named pipe)`);
    await writeFile(path.join(dir, 'graphform.config.yaml'), stateAt('/dev/zero'));
    const zero = await graphform(dir, {}, 'plan');
    expect(zero.code, zero.output).toBe(1);
    expect(zero.output).toContain('/dev/zero is a character device');
  });

  it('state.path: /proc/self/environ says the state is not JSON, and quotes nothing of it', async () => {
    const dir = await projectWithFifo(stateAt('/proc/self/environ'));
    const run = await graphform(dir, { LEAKED_VALUE: 'zz-secret-zz' }, 'plan');
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain('State at /proc/self/environ is not valid JSON');
    expect(run.output).not.toContain('zz-secret');
    expect(run.output).not.toContain('PATH=');
    expect(run.output).not.toContain('LEAKED');
  });
});

describe('config and state too large to be what they claim', () => {
  it('are refused from their size, before they are read', async () => {
    const dir = await makeTempDir('graphform-large-');
    await writeFiles(dir, { 'content-sources/.keep': '', 'big.yaml': '', 'graphform.config.yaml': stateAt('state.json'), 'state.json': '' });
    await truncate(path.join(dir, 'big.yaml'), 6 << 20);
    const config = await runCli(['validate', '--config', 'big.yaml'], { cwd: dir });
    expect(config.code).toBe(1);
    expect(config.stderr).toContain('[GF_CONFIG_TOO_LARGE]');
    await truncate(path.join(dir, 'state.json'), 300 << 20);
    const state = await runCli(['state', 'list'], { cwd: dir });
    expect(state.code).toBe(1);
    expect(state.stderr).toContain('[GF_STATE_TOO_LARGE]');
  });

  it('a state that is not JSON is named by position, not quoted', async () => {
    const dir = await makeTempDir('graphform-large-');
    await writeFiles(dir, {
      'content-sources/.keep': '',
      'graphform.config.yaml': stateAt('state.json'),
      'state.json': '{"formatVersion": 1,\n  SECRET_TOKEN=abc',
    });
    const run = await runCli(['state', 'list'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`State at ${path.join(dir, 'state.json')} is not valid JSON (line 2, column 3)`);
    expect(run.stderr).not.toContain('SECRET');
  });
});
