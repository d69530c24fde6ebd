import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/** A terminal that types the next answer each time a question ends with "): ". */
function terminal(answers: string[]) {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
  let written = '';
  const stderr = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        written += chunk.toString();
        if (written.endsWith('): ')) setImmediate(() => stdin.write(`${answers.shift() ?? ''}\r`));
        done();
      },
    }),
    { isTTY: true },
  );
  return { io: { stdin, stderr }, output: () => written };
}

describe('graphform init on a terminal', () => {
  it('asks which CI files to write, again until the answer is one it knows', async () => {
    const dir = await makeProjectDir();
    const tty = terminal(['shop', 'Shop', 'en, sv', '', 'jenkins', 'gitlab']);
    const run = await runCli(['init'], { cwd: dir, io: tty.io });
    expect(run.code, tty.output()).toBe(0);
    expect(tty.output()).toContain('CI files (github, gitlab, none) (github): ');
    expect(tty.output()).toContain('  answer github, gitlab, none');
    expect(await readFile(path.join(dir, 'content-sources/shop.yaml'), 'utf8')).toContain('languages: [en, sv]');
    expect((await readdir(dir)).sort()).toEqual(['.gitignore', '.gitlab', '.gitlab-ci.yml', 'content-sources', 'graphform.config.yaml']);
  });

  it('does not ask about CI when --ci says', async () => {
    const dir = await makeProjectDir();
    const tty = terminal(['', '', '', '']);
    const run = await runCli(['init', '--ci', 'none'], { cwd: dir, io: tty.io });
    expect(run.code, tty.output()).toBe(0);
    expect(tty.output()).not.toContain('CI files');
    expect((await readdir(dir)).sort()).toEqual(['.gitignore', 'content-sources', 'graphform.config.yaml']);
  });
});
