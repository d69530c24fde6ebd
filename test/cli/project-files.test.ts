import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { runCli, type CliRun } from '../helpers/run-cli.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

/**
 * graphform issue 13: a pull request can add a link, a FIFO or a `data:` glob. Whatever it
 * points at, no command may print, or send, what lies outside the project. A canary secret
 * sits in the environment of the CLI under test and in every file outside the project.
 */
const CANARY = 'canary-9f8e7d';
const ENV = { GF_CANARY: CANARY };

const SHOP = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Item:\n    contentType: []\n    properties:\n      Name: { type: String }\n';
const ITEM = '{"index":{"_id":"1","language_routing":"en"}}\n{"ContentType":["Item"],"Name":"one"}\n';

const COMMANDS = [
  ['validate'],
  ['validate', '--format', 'json'],
  ['plan'],
  ['plan', '--format', 'json'],
  ['plan', '--format', 'markdown'],
  ['data', 'validate', 'shop'],
  ['data', 'push', 'shop'],
] as const;

let previousCanary: string | undefined;
/** Complete NAME=value entries of this process's own environment, as /proc/self/environ shows them. */
let ownEnviron: string[];
beforeAll(() => {
  previousCanary = process.env.GF_CANARY;
  process.env.GF_CANARY = CANARY;
  ownEnviron = readFileSync('/proc/self/environ', 'latin1')
    .split('\u0000')
    .filter((entry) => entry.length > 12 && entry.includes('='));
});
afterAll(() => {
  if (previousCanary === undefined) delete process.env.GF_CANARY;
  else process.env.GF_CANARY = previousCanary;
});

/** base/project holds the declarations; base/outside.ndjson and base/secret.yaml hold the canary. */
async function project(shop = SHOP): Promise<{ base: string; dir: string }> {
  const base = await makeTempDir('graphform-project-files-');
  const dir = path.join(base, 'project');
  await writeFiles(dir, { 'content-sources/shop.yaml': shop });
  await writeFiles(base, {
    'outside.ndjson': `{"index":{"_id":"x","language_routing":"en"}}\n{"ContentType":["Item"],"Name":"${CANARY}"}\n`,
    'secret.yaml': `id: leak\nlabel: ${CANARY}\n`,
  });
  return { base, dir };
}

/** The environment file of a process started with the canary in its environment: what /proc/self/environ is for that process. */
function canaryEnviron(): string {
  const child = spawn('sleep', ['120'], { env: { ...ENV }, stdio: 'ignore' });
  onTestFinished(() => {
    child.kill();
  });
  if (child.pid === undefined) throw new Error('could not start sleep');
  return `/proc/${child.pid}/environ`;
}

/** Whether the output places a diagnostic at file:line:col, as text (`file:line:col`) or as validate's JSON. */
function locates(run: CliRun, file: string, line: number, column: number): boolean {
  const output = run.stdout + run.stderr;
  if (output.includes(`${file}:${line}:${column}`)) return true;
  if (!run.stdout.trimStart().startsWith('{')) return false;
  const parsed = JSON.parse(run.stdout) as { diagnostics?: { file: string; line: number; column: number }[] };
  return (parsed.diagnostics ?? []).some((d) => d.file === file && d.line === line && d.column === column);
}

function expectNoLeak(run: CliRun, label: string): void {
  const output = run.stdout + run.stderr;
  expect(output, label).not.toContain(CANARY);
  for (const entry of ownEnviron) expect(output.includes(entry), `${label} prints ${entry.split('=')[0] ?? ''}`).toBe(false);
  expect(output, label).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
}

async function itemsIn(dir: string): Promise<number> {
  const emulator = await startEmulator({ port: 0, dataDir: path.join(dir, '.graphform', 'emulator') });
  try {
    return emulator.inspect.counts('shop')?.total ?? 0;
  } finally {
    await emulator.close();
  }
}

describe("a declaration that is not the project's own regular file", () => {
  it.each([
    ['a link to /proc/self/environ', async () => symlinkTo('/proc/self/environ'), 'GF_OUTSIDE_PROJECT'],
    ['a link to the environment of a process holding the canary', async () => symlinkTo(canaryEnviron()), 'GF_OUTSIDE_PROJECT'],
    ['a link to /dev/zero', async () => symlinkTo('/dev/zero'), 'GF_OUTSIDE_PROJECT'],
    ['a link to a file outside the project', async (base: string) => symlinkTo(path.join(base, 'secret.yaml')), 'GF_OUTSIDE_PROJECT'],
    ['a FIFO', async () => (file: string) => execFileSync('mkfifo', [file]), 'GF_NOT_A_FILE'],
    ['a dangling link', async () => symlinkTo('nothing-here.yaml'), 'GF_NOT_A_FILE'],
  ])('%s is reported by every command, exit 1, and nothing of it is printed', async (_name, make, code) => {
    const { base, dir } = await project();
    await (
      await make(base)
    )(path.join(dir, 'content-sources', 'a.yaml'));
    for (const argv of COMMANDS) {
      const run = await runCli([...argv], { cwd: dir, env: ENV });
      const label = argv.join(' ');
      expect(run.code, label).toBe(1);
      expect(locates(run, 'content-sources/a.yaml', 1, 1), label).toBe(true);
      expect(run.stdout + run.stderr, label).toContain(code);
      expectNoLeak(run, label);
    }
  });
});

describe('data: globs that leave the project', () => {
  it.each([['../../outside.ndjson'], ['../../../../etc/*.conf']])('%s is flagged at its entry by validate and stops every command', async (pattern) => {
    const { dir } = await project(`${SHOP}data:\n  - ${pattern}\n`);
    for (const argv of COMMANDS) {
      const run = await runCli([...argv], { cwd: dir, env: ENV });
      const label = argv.join(' ');
      expect(run.code, label).toBe(1);
      expect(locates(run, 'content-sources/shop.yaml', 10, 5), label).toBe(true);
      expect(run.stdout + run.stderr, label).toContain('GF_OUTSIDE_PROJECT');
      expectNoLeak(run, label);
    }
    expect(await itemsIn(dir)).toBe(0);
  });
});

describe("declared data files that are not the project's own regular files", () => {
  it.each([
    ['a link to a file outside the project', async (base: string) => symlinkTo(path.join(base, 'outside.ndjson')), 'GF_DATA_OUTSIDE_PROJECT'],
    ['a link to the environment of a process holding the canary', async () => symlinkTo(canaryEnviron()), 'GF_DATA_OUTSIDE_PROJECT'],
    ['a FIFO', async () => (file: string) => execFileSync('mkfifo', [file]), 'GF_DATA_NOT_A_FILE'],
    ['a dangling link', async () => symlinkTo('gone.ndjson'), 'GF_DATA_NOT_A_FILE'],
  ])('%s: data validate, data push and apply refuse it by name and send nothing', async (_name, make, code) => {
    const { base, dir } = await project(`${SHOP}data:\n  - data/*.ndjson\n`);
    await writeFiles(dir, { 'content-sources/data/items.ndjson': ITEM });
    await (
      await make(base)
    )(path.join(dir, 'content-sources', 'data', 'odd.ndjson'));
    for (const argv of [
      ['data', 'validate', 'shop'],
      ['data', 'push', 'shop'],
      ['data', 'push', 'shop', '--format', 'json'],
      ['apply', '--yes'],
    ]) {
      const run = await runCli(argv, { cwd: dir, env: ENV });
      const label = argv.join(' ');
      expect(run.code, label).toBe(1);
      expect(run.stdout + run.stderr, label).toContain('content-sources/data/odd.ndjson');
      expect(run.stdout + run.stderr, label).toContain(code);
      expectNoLeak(run, label);
    }
    expect(await itemsIn(dir)).toBe(0);
  });

  it("a file named on the command line is the user's choice and is read where it is", async () => {
    const { base, dir } = await project();
    await mkdir(path.join(base, 'exports'));
    await writeFile(path.join(base, 'exports', 'items.ndjson'), ITEM);
    expect((await runCli(['apply', '--yes'], { cwd: dir, env: ENV })).code).toBe(0);
    const run = await runCli(['data', 'push', 'shop', path.join(base, 'exports', 'items.ndjson')], { cwd: dir, env: ENV });
    expect(run.stderr.includes('error'), run.stderr).toBe(false);
    expect(run.code).toBe(0);
    expect(await itemsIn(dir)).toBe(1);
  });
});

function symlinkTo(target: string): (file: string) => Promise<void> {
  return (file) => symlink(target, file);
}
