import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

/** Every command's --help shows the global options and an Examples section. */
async function commandPaths(path: string[] = []): Promise<string[][]> {
  const help = await runCli([...path, '--help'], { cwd: process.cwd() });
  const section = help.stdout.split(/^Commands:$/m)[1] ?? '';
  const names = section
    .split('\n')
    .map((line) => /^ {2}([a-z][a-z-]*)\b/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
  const nested = await Promise.all(names.map((name) => commandPaths([...path, name])));
  return [...names.map((name) => [...path, name]), ...nested.flat()];
}

describe('--help of every command', () => {
  it('lists the global options and shows examples', async () => {
    const paths = await commandPaths();
    expect(paths.map((p) => p.join(' '))).toEqual(expect.arrayContaining(['plan', 'apply', 'data push', 'state unlock']));
    for (const path of paths) {
      const help = await runCli([...path, '--help'], { cwd: process.cwd() });
      expect(help.code, path.join(' ')).toBe(0);
      expect(help.stdout, path.join(' ')).toContain('Global Options:');
      expect(help.stdout, path.join(' ')).toContain('--env <name>');
      expect(help.stdout, path.join(' ')).toMatch(new RegExp(`Examples:\\n {2}\\$ graphform ${path.join(' ')}`));
    }
  });
});
