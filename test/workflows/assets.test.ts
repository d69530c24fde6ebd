import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProgressSnapshot } from '../../src/data/types.js';
import {
  apply,
  assetsList,
  assetsSync,
  authLogin,
  isInvalidDeclarationsError,
  startEmulator,
  type RunningEmulator,
  type WorkflowHost,
} from '../../src/index.js';
import { rejection } from '../helpers/graphform-error.js';
import { visitAuthorizationUrl } from '../helpers/login-browser.js';
import { makeProjectDir, makeTempDir, writeFiles } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';
import { freePort } from '../marketing/fake-platform.js';
import { NEWS } from '../helpers/news-source.js';

const STATE_LOCK = '.graphform/state/local.json.lock';

/**
 * A project whose `local` environment runs the embedded emulator, with no marketing: block
 * (so the emulator's demo app serves the Open API), logged in through the auth workflow with
 * the test as the browser.
 */
async function project(host: (cwd: string, variables: Record<string, string>) => WorkflowHost = (cwd, variables) => testHost(cwd, { variables })) {
  const cwd = await makeProjectDir({
    'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
    'content-sources/news.yaml': NEWS,
  });
  const dataDir = path.join(cwd, '.graphform', 'emulator');
  // The demo app's callback on a free port: the emulator keeps it in its data directory.
  const seeded = await startEmulator({ port: 0, dataDir, demoApp: { redirectUri: `http://127.0.0.1:${await freePort()}/callback` } });
  await seeded.close();
  const variables = { XDG_CONFIG_HOME: await makeTempDir() };
  const workflowEnv = host(cwd, variables);
  await authLogin({ openBrowser: async (url) => (await visitAuthorizationUrl(url), true), onAuthorizationUrl: () => undefined }, workflowEnv);
  /** The embedded emulator's view, opened while no workflow has it open. */
  const inspect = async <T>(look: (emulator: RunningEmulator) => T): Promise<T> => {
    const emulator = await startEmulator({ port: 0, dataDir });
    try {
      return look(emulator);
    } finally {
      await emulator.close();
    }
  };
  const items = () => inspect((e) => [...(e.inspect.items('news', { limit: 1000 })?.items ?? [])].sort((a, b) => (a._id < b._id ? -1 : 1)));
  return { cwd, env: workflowEnv, inspect, items };
}

function recordingProgress(): { done: ProgressSnapshot[]; update: (s: ProgressSnapshot) => void; onDone: (s: ProgressSnapshot) => void } {
  const done: ProgressSnapshot[] = [];
  return { done, update: () => undefined, onDone: (s) => void done.push(s) };
}

describe('the assets workflows against the embedded emulator', () => {
  it('list every asset across pages, and sync the articles into the source, the same items on a second sync', async () => {
    const p = await project();
    const seeded = await p.inspect((e) => e.marketing.assets());

    const listed = await assetsList({ pageSize: 7 }, p.env);
    expect(listed.openApi).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Newest modified_at first, as the Open API answers them, through more than three pages.
    expect(listed.assets.map((a) => a.id)).toEqual([...seeded].sort((a, b) => Date.parse(b.modified_at) - Date.parse(a.modified_at)).map((a) => a.id));
    expect(listed.assets.length).toBeGreaterThan(7 * 3);

    expect((await apply({}, p.env)).ok).toBe(true);
    const progress = recordingProgress();
    const synced = await assetsSync({ source: 'news', progress: { update: progress.update, done: progress.onDone } }, p.env);
    const articles = seeded.filter((a) => a.type === 'article' && !a.is_archived);
    expect(synced).toMatchObject({
      summary: { sourceId: 'news', status: 'sent', itemsSent: articles.length },
      // is_archived is not sent (the published listAssets does not list it): archived articles are listed, then left out.
      assets: { listed: seeded.filter((a) => a.type === 'article').length, selected: articles.length },
      contentType: 'Article',
      language: 'en',
      target: expect.stringMatching(/^local emulator \(http:\/\/127\.0\.0\.1:\d+\)$/),
    });
    expect(synced.validation).toBe(synced.summary.validation);
    expect(progress.done.length).toBeGreaterThan(0);
    const after = await p.items();
    expect(after.map((i) => i._id)).toEqual(articles.map((a) => a.id).sort());
    const welcome = seeded.find((a) => a.title === 'Welcome to the spring collection');
    expect(after.find((i) => i._id === welcome?.id)).toMatchObject({
      language_routing: 'en',
      contentType: 'Article',
      data: { Name___searchable: welcome?.title, Folder: welcome?.folder_id },
    });

    expect((await assetsSync({ source: 'news' }, p.env)).summary).toMatchObject({ status: 'sent', itemsSent: articles.length });
    expect(await p.items()).toEqual(after);
    expect(existsSync(path.join(p.cwd, STATE_LOCK))).toBe(false);
  });

  it('hold the state lock for a real sync and take none for a dry run, which sends nothing', async () => {
    const p = await project();
    expect((await apply({}, p.env)).ok).toBe(true);
    await writeFiles(p.cwd, {
      [STATE_LOCK]: JSON.stringify({ id: 'held', who: 'someone', pid: 1, host: 'another-host', operation: 'apply', createdAt: '2026-11-22T10:00:00.000Z' }),
    });

    const dry = await assetsSync({ source: 'news', dryRun: true }, p.env);
    expect(dry.summary.status).toBe('dry-run');
    expect(dry.summary.itemsSent).toBe(dry.assets.selected);
    expect(dry.target).toBeUndefined();
    expect((await rejection(assetsSync({ source: 'news' }, p.env))).code).toBe('GF_STATE_LOCKED');
    expect(await p.items()).toEqual([]);
  });

  it("take over a dead run's lock with a notice through env.report", async () => {
    const probe = { running: () => false, exited: async () => false, start: async () => undefined };
    const p = await project((cwd, variables) => testHost(cwd, { variables, holder: { who: 'test', pid: process.pid, host: 'test-host', probe } }));
    expect((await apply({}, p.env)).ok).toBe(true);
    await writeFiles(p.cwd, {
      [STATE_LOCK]: JSON.stringify({ id: 'dead', who: 'bob', pid: 424242, host: 'test-host', operation: 'apply', createdAt: '2026-11-22T10:00:00.000Z' }),
    });
    const env = testHost(p.cwd, { variables: p.env.variables, holder: p.env.holder });
    expect((await assetsSync({ source: 'news' }, env)).summary.status).toBe('sent');
    expect(env.messages).toEqual([{ kind: 'notice', text: expect.stringContaining('Took over the state lock dead') }]);
  });

  it('stop at env.signal: nothing is sent and the lock is released', async () => {
    const p = await project();
    expect((await apply({}, p.env)).ok).toBe(true);
    const stop = new AbortController();
    stop.abort();
    const stopped = await assetsSync({ source: 'news' }, testHost(p.cwd, { variables: p.env.variables, signal: stop.signal }));
    expect(stopped.summary).toMatchObject({ status: 'stopped', itemsSent: 0 });
    expect(await p.items()).toEqual([]);
    expect(existsSync(path.join(p.cwd, STATE_LOCK))).toBe(false);
  });

  it('report a mapping whose values do not fit once, at its import.mapping entry, and send nothing', async () => {
    const p = await project();
    expect((await apply({}, p.env)).ok).toBe(true);
    // `Name` is a String; `is_archived` is a boolean on every asset.
    await writeFiles(p.cwd, { 'content-sources/news.yaml': NEWS.replace('mapping: { Name: title,', 'mapping: { Name: is_archived,') });
    const synced = await assetsSync({ source: 'news' }, p.env);
    expect(synced.summary.status).toBe('invalid');
    const line = NEWS.split('\n').findIndex((l) => l.includes('mapping:')) + 1;
    expect(synced.validation.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([`content-sources/news.yaml:${line} GF_ASSETS_MAPPING_INVALID`]);
    expect(await p.items()).toEqual([]);
  });

  it('refuse a source without an import: block, and invalid declarations, before any request', async () => {
    const cwd = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'content-sources/news.yaml': NEWS.slice(0, NEWS.indexOf('import:')),
    });
    const env = testHost(cwd);
    const noImport = await rejection(assetsSync({ source: 'news' }, env));
    expect(noImport.code).toBe('GF_ASSETS_NO_IMPORT');
    expect(noImport.hint).toContain('contentType: Article');
    await writeFiles(cwd, { 'content-sources/news.yaml': NEWS.replace('type: String }', 'type: Strin }') });
    expect(isInvalidDeclarationsError(await assetsSync({ source: 'news' }, env).catch((error: unknown) => error))).toBe(true);
    expect(existsSync(path.join(cwd, '.graphform'))).toBe(false);
  });
});
