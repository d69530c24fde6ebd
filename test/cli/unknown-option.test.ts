import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const USAGE = '(run with --help for usage)\n';

/** Runs argv from a directory with no project: an unknown option is refused before anything is read. */
const cli = (argv: string[]) => runCli(argv, { cwd: process.cwd() });

/** Every command path --help lists, groups ("data") and their subcommands ("data push") alike. */
async function commandPaths(path: string[] = []): Promise<string[][]> {
  const help = await cli([...path, '--help']);
  const section = help.stdout.split(/^Commands:$/m)[1] ?? '';
  const names = section
    .split('\n')
    .map((line) => /^ {2}([a-z][a-z-]*)\b/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
  const nested = await Promise.all(names.map((name) => commandPaths([...path, name])));
  return [...names.map((name) => [...path, name]), ...nested.flat()];
}

describe('an unknown option', () => {
  it('is a usage error, rendered and exiting as an unknown command is', async () => {
    const command = await cli(['pln']);
    expect(command).toEqual({ code: 1, stdout: '', stderr: `error: unknown command 'pln'\n(Did you mean plan?)\n${USAGE}` });
    const option = await cli(['plan', '--detailed']);
    expect(option.code).toBe(command.code);
    expect(option.stdout).toBe('');
  });

  it.each([
    [['plan', '--detailed'], '--detailed', '--detailed-exitcode'],
    [['apply', '--allow-data'], '--allow-data', '--allow-data-loss'],
    [['data', 'push', '--dry'], '--dry', '--dry-run'],
    [['plan', '--detailed=3'], '--detailed=3', '--detailed-exitcode'],
    [['plan', '--detailedexit'], '--detailedexit', '--detailed-exitcode'],
    [['plan', '--detailed-exitcod'], '--detailed-exitcod', '--detailed-exitcode'],
    [['--verb', 'plan'], '--verb', '--verbose'],
    [['apply', '--verbos'], '--verbos', '--verbose'],
  ])('%j suggests the option it begins or nearly spells', async (argv, flag, suggestion) => {
    const run = await cli(argv);
    expect(run).toEqual({ code: 1, stdout: '', stderr: `error: unknown option '${flag}'\n(Did you mean ${suggestion}?)\n${USAGE}` });
  });

  it('that begins several options names them all', async () => {
    const run = await cli(['data', 'push', 'shop', '--batch', '10']);
    expect(run.stderr).toBe(`error: unknown option '--batch'\n(Did you mean one of --batch-bytes, --batch-items?)\n${USAGE}`);
  });

  it.each([[['plan', '--frobnicate']], [['apply', '--allow-empty']], [['data', 'push', '--frobnicate']], [['plan', '-x']]])(
    '%j that resembles no option gets no suggestion',
    async (argv) => {
      const run = await cli(argv);
      expect(run).toEqual({ code: 1, stdout: '', stderr: `error: unknown option '${argv.at(-1) ?? ''}'\n${USAGE}` });
    },
  );

  it('suggests only options of the command it was given to', async () => {
    // --detailed-exitcode is plan's, not apply's.
    const run = await cli(['apply', '--detailed']);
    expect(run.stderr).not.toContain('Did you mean');
  });

  it('gets a suggestion on every command, for the global options too', async () => {
    const paths = await commandPaths();
    expect(paths.map((p) => p.join(' '))).toEqual(expect.arrayContaining(['plan', 'apply', 'data push', 'state unlock', 'emulator']));
    // `--no-c` is 4 edits from `--no-color`: beyond commander's own suggestions.
    for (const path of [[], ...paths]) {
      const run = await cli([...path, '--no-c']);
      expect(run, path.join(' ')).toEqual({ code: 1, stdout: '', stderr: `error: unknown option '--no-c'\n(Did you mean --no-color?)\n${USAGE}` });
    }
  });
});
