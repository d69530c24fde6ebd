import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startTestEmulator, isWrite } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';
import { runCli } from '../helpers/run-cli.js';

/** A terminal that types `keys` once the prompt is up: readline needs real streams on both sides. */
function terminal(keys: string): {
  stdin: PassThrough & { isTTY: boolean; setRawMode: (raw: boolean) => void };
  stderr: Writable & { isTTY: boolean };
  output: () => string;
} {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
  let written = '';
  const stderr = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        const text = chunk.toString();
        written += text;
        if (text.includes('Enter a value')) setImmediate(() => stdin.write(keys));
        done();
      },
    }),
    { isTTY: true },
  );
  return { stdin, stderr, output: () => written };
}

describe('Ctrl+C and Ctrl+D at a prompt', () => {
  it.each([
    ['Ctrl+C', '\u0003'],
    ['Ctrl+D', '\u0004'],
  ])('%s at the apply confirmation prints "Cancelled.", sends nothing and exits 130', async (_name, keys) => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const tty = terminal(keys);
    const env = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret };
    emulator.inspect.clearRequests();
    const run = await runCli(['apply'], { cwd: project.dir, env, io: { stdin: tty.stdin, stderr: tty.stderr } });
    expect(run.code, tty.output() + run.stdout).toBe(130);
    expect(tty.output()).toContain('Cancelled.');
    // The prompt names the environment and its service, not the emulator's ephemeral port.
    expect(tty.output()).toContain(`Do you want to apply these changes to environment test (${emulator.url})?`);
    expect(tty.output()).not.toContain('Internal error');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
  });
});
