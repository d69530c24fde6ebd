import { describe, expect, it } from 'vitest';
import { FORMATS_BY_COMMAND } from '../../src/cli/format-support.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/** Every command path that --help lists, e.g. "data push". */
async function commandPaths(cwd: string, path: string[] = []): Promise<string[]> {
  const help = await runCli([...path, '--help'], { cwd });
  const section = help.stdout.split(/^Commands:$/m)[1] ?? '';
  const names = section
    .split('\n')
    .map((line) => /^ {2}([a-z][a-z-]*)\b/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
  const nested = await Promise.all(names.map((name) => commandPaths(cwd, [...path, name])));
  // A group ("data") only lists its subcommands; the leaves are what runs.
  return names.flatMap((name, i) => ((nested[i] ?? []).length > 0 ? (nested[i] ?? []) : [[...path, name].join(' ')]));
}

describe('the version', () => {
  it.each([['--version'], ['-V'], ['-v'], ['version']])('`graphform %s` prints it and exits 0', async (flag) => {
    const run = await runCli([flag], { cwd: await makeProjectDir() });
    expect(run).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });

  it('`version` is not listed among the commands (it is what --version is for)', async () => {
    const help = await runCli(['--help'], { cwd: await makeProjectDir() });
    expect(help.stdout).not.toMatch(/^ {2}version\b/m);
  });
});

describe('--format a command does not render', () => {
  it.each([
    [['import', 'shop', '--format', 'json'], 'graphform import does not support --format json; it supports --format text.'],
    [['--format', 'markdown', 'validate'], 'graphform validate does not support --format markdown; it supports --format text, --format json.'],
    [['data', 'push', 'shop', '--format', 'markdown'], 'graphform data push does not support --format markdown; it supports --format text, --format json.'],
    [['apply', '--format', 'markdown'], 'graphform apply does not support --format markdown; it supports --format text, --format json.'],
  ])('%j is refused before anything runs, naming the formats it supports', async (argv, message) => {
    const run = await runCli(argv, { cwd: await makeProjectDir() });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('GF_USAGE');
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('the table names every command, and only commands that exist', async () => {
    const paths = await commandPaths(await makeProjectDir());
    expect(paths).toEqual(expect.arrayContaining(['plan', 'data push', 'auth login', 'emulator']));
    expect(Object.keys(FORMATS_BY_COMMAND).sort()).toEqual([...paths].sort());
  });

  it('plan still renders markdown', async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': 'defaultEnvironment: local\n', 'content-sources/.keep': '' });
    const run = await runCli(['plan', '--format', 'markdown'], { cwd: dir });
    expect(run.stderr).not.toContain('does not support');
  });
});
