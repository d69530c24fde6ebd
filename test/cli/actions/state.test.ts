import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { stateList, stateRm, stateShow, stateUnlock, type StateOutput } from '../../../src/cli/actions/state.js';
import type { OutputFormat } from '../../../src/cli/context.js';
import { hashDefinition } from '../../../src/model/hash.js';
import { createLocalBackend } from '../../../src/state/local-backend.js';
import { systemProcessProbe } from '../../../src/state/process-probe.js';
import { serializeState } from '../../../src/state/state-format.js';
import { runCli } from '../../helpers/run-cli.js';
import { shop, stateOf } from '../../plan/builders.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { rejection } from '../../helpers/graphform-error.js';

const blog = { label: 'Blog', languages: ['en'], contentTypes: { Post: { contentType: [], properties: { Title: { type: 'String' } } } } };

function output(format: OutputFormat = 'text') {
  const lines: string[] = [];
  const o: StateOutput = { format, color: new Chalk({ level: 0 }), out: (text) => void lines.push(text) };
  return { o, text: () => lines.join('\n') };
}

async function setup(withState = true) {
  const dir = await makeTempDir();
  const file = path.join(dir, '.graphform', 'state', 'local.json');
  if (withState) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, serializeState(stateOf({ shop: shop(), blog })));
  }
  const backend = createLocalBackend({
    path: file,
    lockTimeoutMs: 0,
    now: () => new Date('2026-11-22T10:00:00.000Z'),
    who: 'alice',
    pid: 1,
    host: 'laptop',
    probe: systemProcessProbe,
  });
  return { dir, file, backend };
}

describe('state commands', () => {
  it('list: a table of sources, or JSON', async () => {
    const { backend, file } = await setup();
    const text = output();
    expect(await stateList(backend, text.o)).toBe(0);
    expect(text.text()).toBe(
      [
        `State at ${file}`,
        'lineage 6f1c2a8e-3b7d-4e2f-9a10-5c4d3e2b1a00, serial 2',
        '',
        'ID    LABEL           LANGUAGES  CONTENT TYPES  APPLIED',
        'blog  Blog            en         Post           2026-11-21T09:00:00.000Z (graphform 0.1.0)',
        'shop  Shop catalogue  en, sv     Item, Product  2026-11-21T09:00:00.000Z (graphform 0.1.0)',
      ].join('\n'),
    );
    const json = output('json');
    await stateList(backend, json.o);
    const parsed = JSON.parse(json.text()) as { serial: number; sources: { id: string; hash: string }[] };
    expect(parsed.serial).toBe(2);
    expect(parsed.sources.map((s) => s.id)).toEqual(['blog', 'shop']);
    expect(parsed.sources[0]?.hash).toMatch(/^sha256:/);
  });

  it('list without state says so', async () => {
    const { backend } = await setup(false);
    const text = output();
    await stateList(backend, text.o);
    expect(text.text()).toContain('No state yet at');
    const json = output('json');
    await stateList(backend, json.o);
    expect(JSON.parse(json.text())).toEqual({ lineage: null, serial: null, sources: [] });
  });

  it('show: the applied definition as YAML, or JSON', async () => {
    const { backend } = await setup();
    const text = output();
    await stateShow(backend, 'blog', text.o);
    expect(text.text()).toBe(
      [
        '# blog: applied 2026-11-21T09:00:00.000Z by graphform 0.1.0',
        `# hash ${hashDefinition(blog)}`,
        'id: blog',
        'label: Blog',
        'languages:',
        '  - en',
        'contentTypes:',
        '  Post:',
        '    contentType: []',
        '    properties:',
        '      Title:',
        '        type: String',
        '',
      ].join('\n'),
    );
    const json = output('json');
    await stateShow(backend, 'shop', json.o);
    expect(JSON.parse(json.text())).toMatchObject({ id: 'shop', definition: shop(), toolVersion: '0.1.0' });
  });

  it('show of an unknown id suggests the close one', async () => {
    const { backend } = await setup();
    const error = await rejection(stateShow(backend, 'shp', output().o));
    expect(error.code).toBe('GF_STATE_SOURCE_NOT_FOUND');
    expect(error.message).toContain('did you mean `shop`?');
    expect(error.hint).toBe('Sources in state: blog, shop');
  });

  it('rm: removes under the lock, bumps the serial, leaves no lock behind', async () => {
    const { backend, file } = await setup();
    const text = output();
    expect(await stateRm(backend, 'shop', text.o)).toBe(0);
    expect(text.text()).toContain('Removed shop from state (serial 2 -> 3).');
    const state = await backend.read();
    expect(Object.keys(state?.sources ?? {})).toEqual(['blog']);
    expect(state?.serial).toBe(3);
    await expect(readFile(`${file}.lock`)).rejects.toThrow();
  });

  it('rm refuses while another run holds the lock, and changes nothing', async () => {
    const { backend } = await setup();
    await backend.lock({ operation: 'apply', who: 'bob' });
    const error = await rejection(stateRm(backend, 'shop', output().o));
    expect(error.code).toBe('GF_STATE_LOCKED');
    expect(Object.keys((await backend.read())?.sources ?? {})).toEqual(['blog', 'shop']);
  });

  it('rm of an unknown id releases the lock', async () => {
    const { backend, file } = await setup();
    expect((await rejection(stateRm(backend, 'nope', output().o))).code).toBe('GF_STATE_SOURCE_NOT_FOUND');
    await expect(readFile(`${file}.lock`)).rejects.toThrow();
  });

  it("unlock removes a lock by id; one whose holder still runs (pid 1 on the backend's host) only when forced", async () => {
    const { backend } = await setup();
    const stale = await backend.lock({ operation: 'apply' });
    expect((await rejection(stateUnlock(backend, stale.id, output().o))).code).toBe('GF_STATE_LOCK_IN_USE');
    const text = output();
    expect(await stateUnlock(backend, stale.id, text.o, true)).toBe(0);
    expect(text.text()).toContain(`Removed lock ${stale.id}`);
    expect(text.text()).toContain('removed because of --force');
    const again = await backend.lock({ operation: 'apply' });
    await again.release();
  });
});

describe('graphform state (through main)', () => {
  it('lists, removes and reports a held lock with exit code 1', async () => {
    const { dir, backend } = await setup();
    const list = await runCli(['state', 'list'], { cwd: dir });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('shop  Shop catalogue');

    const held = await backend.lock({ operation: 'apply', who: 'bob' });
    const rm = await runCli(['state', 'rm', 'shop'], { cwd: dir });
    expect(rm.code).toBe(1);
    expect(rm.stderr).toContain('GF_STATE_LOCKED');
    expect(rm.stderr).toContain(`graphform state unlock ${held.id}`);

    const unlock = await runCli(['state', 'unlock', held.id], { cwd: dir });
    expect(unlock.code).toBe(0);
    const removed = await runCli(['--format', 'json', 'state', 'rm', 'shop'], { cwd: dir });
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({ removed: 'shop', serial: 3 });
  });
});
