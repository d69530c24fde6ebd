import { cp, readFile, writeFile, appendFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import type { ItemCounts } from '../../src/emulator/types.js';
import { graphClientFor } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const REPO = path.resolve(import.meta.dirname, '../..');

/** A project with the example declarations and data, `data:` globs added, types already applied to the local emulator. */
async function project(): Promise<string> {
  const dir = await makeTempDir('graphform-cli-data-');
  await cp(path.join(REPO, 'content-sources'), path.join(dir, 'content-sources'), { recursive: true });
  for (const [file, globs] of [
    ['shop.yaml', ['data/shop/*.ndjson']],
    ['blog.yaml', ['data/blog/*.yaml', 'data/blog/*.json']],
  ] as const) {
    const full = path.join(dir, 'content-sources', file);
    if (!(await readFile(full, 'utf8')).includes('\ndata:')) await appendFile(full, `\ndata:\n${globs.map((g) => `  - ${g}\n`).join('')}`);
  }
  await withEmulator(dir, async (emulator) => {
    const client = graphClientFor(emulator);
    const { parse } = await import('yaml');
    for (const id of ['shop', 'blog']) {
      const { id: _id, data: _data, ...definition } = parse(await readFile(path.join(dir, 'content-sources', `${id}.yaml`), 'utf8')) as Record<string, unknown>;
      await client.putTypes(id, fillPropertyTypeNames(definition) as never);
    }
  });
  return dir;
}

/** The loader fills a property type property's `name` from its key; the raw YAML leaves it out. */
function fillPropertyTypeNames(definition: Record<string, unknown>): Record<string, unknown> {
  const types = (definition.propertyTypes ?? {}) as Record<string, { properties: Record<string, Record<string, unknown>> }>;
  for (const type of Object.values(types)) for (const [key, property] of Object.entries(type.properties)) property.name ??= key;
  return definition;
}

async function withEmulator<T>(dir: string, use: (emulator: Awaited<ReturnType<typeof startEmulator>>) => Promise<T>): Promise<T> {
  const emulator = await startEmulator({ port: 0, dataDir: path.join(dir, '.graphform', 'emulator') });
  try {
    return await use(emulator);
  } finally {
    await emulator.close();
  }
}

const counts = (dir: string, id: string): Promise<ItemCounts | undefined> => withEmulator(dir, async (e) => e.inspect.counts(id));

describe('graphform data', () => {
  it('push sends the declared data: files to the environment', async () => {
    const dir = await project();
    const run = await runCli(['data', 'push', 'shop'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('32 items in 2 files: all valid');
    expect(run.stdout).toMatch(/Sent 32 items in 1 batch \(.*\) to source shop/);
    expect(await counts(dir, 'shop')).toEqual({ total: 32, byLanguage: { en: 16, sv: 16 }, byContentType: { Product: 24, Bundle: 8 } });
  });

  it('push --format json prints the summary; plain YAML and JSON items get their action lines', async () => {
    const dir = await project();
    const run = await runCli(['--format', 'json', 'data', 'push', 'blog', '--batch-items', '5'], { cwd: dir });
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({ sourceId: 'blog', status: 'sent', itemsSent: 12, batches: 3 });
    expect((await counts(dir, 'blog'))?.byLanguage).toEqual({ en: 5, sv: 4, de: 3 });
  });

  it('validate and push report invalid items at file:line and send nothing', async () => {
    const dir = await project();
    await writeFile(
      path.join(dir, 'bad.ndjson'),
      '{"index":{"_id":"x","language_routing":"en"}}\n{"Name":"x","ContentType":["Item","Product"],"Quantity":"two"}\n{"Name":"orphan"}\n',
    );
    const validate = await runCli(['data', 'validate', 'shop', 'bad.ndjson'], { cwd: dir });
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain('bad.ndjson:2  error    GF_DATA_INVALID_VALUE  /Quantity');
    expect(validate.stdout).toContain('bad.ndjson:3  error    GF_DATA_MISSING_ACTION');
    const push = await runCli(['data', 'push', 'shop', 'bad.ndjson'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(push.code).toBe(1);
    expect(push.stdout).toContain('::error file=bad.ndjson,line=2,col=1,title=GF_DATA_INVALID_VALUE::');
    expect(push.stdout).toContain('Nothing was sent to source shop');
    expect((await counts(dir, 'shop'))?.total).toBe(0);
  });

  it('push --skip-invalid sends the valid items', async () => {
    const dir = await project();
    await writeFile(
      path.join(dir, 'mixed.ndjson'),
      '{"index":{"_id":"x","language_routing":"en"}}\n{"Name":"x","ContentType":["Item","Product"],"_rbac":{}}\n{"index":{"_id":"y","language_routing":"sv"}}\n{"Name":"y","ContentType":["Item","Product"]}\n',
    );
    const run = await runCli(['data', 'push', 'shop', 'mixed.ndjson', '--skip-invalid'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 invalid item was skipped');
    expect((await counts(dir, 'shop'))?.byLanguage).toEqual({ sv: 1 });
  });

  it('purge needs --yes without a terminal, then removes only the named language', async () => {
    const dir = await project();
    expect((await runCli(['data', 'push', 'shop'], { cwd: dir })).code).toBe(0);
    const refused = await runCli(['data', 'purge', 'shop', '--language', 'sv'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('GF_DATA_CONFIRMATION_REQUIRED');
    expect((await counts(dir, 'shop'))?.total).toBe(32);
    const purged = await runCli(['data', 'purge', 'shop', '--language', 'sv', '--yes'], { cwd: dir });
    expect(purged.code).toBe(0);
    // The summary says how many items went, counted from the service just before the purge.
    expect(purged.stdout).toContain('Purged every item of source shop in sv: 16 items (sv 16).');
    expect((await counts(dir, 'shop'))?.byLanguage).toEqual({ en: 16 });
  });

  it('purge asks on a terminal and only "yes" approves', async () => {
    const dir = await project();
    expect((await runCli(['data', 'push', 'shop'], { cwd: dir })).code).toBe(0);
    /** A terminal (real streams, as readline needs) that types the answer once the question is on screen. */
    const asked: string[] = [];
    const tty = (answer: string): { stdin: NodeJS.ReadableStream & { isTTY: boolean }; stderr: Writable & { isTTY: boolean } } => {
      const stdin = Object.assign(new PassThrough(), { isTTY: true });
      const stderr = new Writable({
        write(chunk: Buffer, _encoding, done) {
          asked.push(chunk.toString());
          if (chunk.toString().includes('Enter a value')) stdin.write(`${answer}\r`);
          done();
        },
      });
      return { stdin, stderr: Object.assign(stderr, { isTTY: true }) };
    };
    const declined = await runCli(['data', 'purge', 'shop', '--all-languages'], { cwd: dir, io: tty('no') });
    expect(declined.code).toBe(1);
    // The question says what a yes costs, per language.
    expect(asked.join('')).toMatch(/Delete EVERY item of source shop in en, sv in [^:]+: 32 items \(en 16, sv 16\)\?/);
    expect((await counts(dir, 'shop'))?.total).toBe(32);
    const approved = await runCli(['data', 'purge', 'shop', '--all-languages'], { cwd: dir, io: tty('yes') });
    expect(approved.code).toBe(0);
    expect((await counts(dir, 'shop'))?.total).toBe(0);
  });

  it.each([
    [['data', 'purge', 'shop'], 'GF_DATA_NO_LANGUAGES'],
    [['data', 'purge', 'shop', '--language', 'en', '--all-languages'], 'GF_DATA_NO_LANGUAGES'],
    [['data', 'push', 'shpo'], 'GF_DATA_UNKNOWN_SOURCE'],
    [['data', 'push', 'faq'], 'GF_DATA_NO_FILES'],
    [['data', 'push', 'shop', '--concurrency', '0'], 'expected a whole number'],
  ])('%j fails with %s', async (argv, expected) => {
    const dir = await project();
    const run = await runCli(argv, { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(expected);
  });
});
