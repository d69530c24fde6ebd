import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import type { EmulatorItem } from '../../../src/emulator/types.js';
import { startTestEmulator } from '../../helpers/emulator.js';
import { runCli, type CliRun } from '../../helpers/run-cli.js';
import { makeTempDir, writeFiles } from '../../helpers/temp-dir.js';

const NEWS = (labels: string): string =>
  [
    'id: news',
    'label: News',
    'languages: [en]',
    'contentTypes:',
    '  Asset:',
    '    contentType: []',
    '    properties:',
    '      Name: { type: String, searchable: true }',
    '      Body: { type: String }',
    '      Format: { type: String }',
    '      Location: { type: String }',
    '      Campaign: { type: String }',
    'import:',
    '  from: assets',
    '  contentType: Asset',
    '  mapping: { Name: title, Body: content.value, Format: content.type, Location: file_location, Campaign: labels.0.values.0.name }',
    `  filter: { labels: ${labels} }`,
    '',
  ].join('\n');

/**
 * A pipeline: the config's marketing block names the Open API (a running emulator, the
 * published server URL form with /v3) and `grant: client_credentials`, with the client id
 * and secret from variables; the graph side is the embedded emulator of `local`. The token
 * store's folder (XDG_CONFIG_HOME) is empty, and must stay so.
 */
async function pipeline(labels: string) {
  const platform = await startTestEmulator();
  const demo = platform.marketing.demoApp;
  const dir = await makeTempDir();
  const xdg = await makeTempDir();
  const config = [
    'marketing:',
    `  authUrl: ${platform.url}`,
    `  baseUrl: ${platform.url}/v3`,
    '  clientId: "${env:MKT_CLIENT_ID}"',
    '  clientSecret: "${env:MKT_CLIENT_SECRET}"',
    '  grant: client_credentials',
    '',
  ].join('\n');
  await writeFiles(dir, { 'graphform.config.yaml': config, 'content-sources/news.yaml': NEWS(labels) });
  const env = { XDG_CONFIG_HOME: xdg, MKT_CLIENT_ID: demo.clientId, MKT_CLIENT_SECRET: demo.clientSecret };
  const outputs: string[] = [];
  const cli = async (...argv: string[]): Promise<CliRun> => {
    const run = await runCli(argv, { cwd: dir, env });
    outputs.push(run.stdout, run.stderr);
    return run;
  };
  const items = async (): Promise<EmulatorItem[]> => {
    const graph = await startEmulator({ port: 0, dataDir: path.join(dir, '.graphform', 'emulator') });
    try {
      return [...(graph.inspect.items('news', { limit: 1000 })?.items ?? [])].sort((a, b) => (a._id < b._id ? -1 : 1));
    } finally {
      await graph.close();
    }
  };
  return { platform, demo, dir, xdg, cli, items, outputs };
}

function spring(platform: RunningEmulator) {
  return platform.marketing.assets().filter((a) => a.labels.some((l) => l.group.name === 'Campaign' && l.values.some((v) => v.name === 'Spring 2025')));
}

describe('assets sync in a pipeline with grant: client_credentials', () => {
  it('selects exactly the labelled assets and pushes them, with no login and nothing in the token store', async () => {
    const p = await pipeline('["Campaign: Spring 2025"]');
    expect((await p.cli('apply', '--yes')).code).toBe(0);
    const synced = await p.cli('assets', 'sync', 'news');
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    const selected = spring(p.platform);
    expect(selected.length).toBeGreaterThan(1);
    // Every asset is listed (is_archived is not sent unless the filter names it), archived ones included.
    expect(synced.stdout).toContain(
      `${p.platform.marketing.assets().length} assets listed at the Open API ${p.platform.url}/v3; ${selected.length} match the import of source news`,
    );
    expect(synced.stdout).toContain(`Sent ${selected.length} items`);

    const items = await p.items();
    expect(items.map((i) => i._id)).toEqual(selected.map((a) => a.id).sort());
    const article = selected.find((a) => a.type === 'article');
    // Name is searchable: the push sends it under its wire name (data/wire-names.ts).
    expect(items.find((i) => i._id === article?.id)?.data).toMatchObject({
      Name___searchable: article?.title,
      Body: article?.content.value,
      Format: 'html_body',
      Location: '/all assets/Spring campaign',
      Campaign: 'Spring 2025',
    });

    // Client credentials only: no authorization, no userinfo, no refresh.
    const paths = p.platform.inspect.requests().map((r) => `${r.method} ${r.path}`);
    expect(paths.filter((r) => r.startsWith('POST /o/oauth2/v1/token'))).toHaveLength(1);
    expect(paths.some((r) => r.includes('/auth') || r.includes('/userinfo'))).toBe(false);
    expect(p.platform.marketing.tokens()).toEqual({ accessTokens: 1, refreshTokens: 0, codes: 0 });
    expect(await readdir(p.xdg)).toEqual([]);
    for (const output of p.outputs) expect(output).not.toContain(p.demo.clientSecret);
    for (const entry of await readdir(p.dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) expect(await readFile(path.join(entry.parentPath, entry.name), 'utf8')).not.toContain(p.demo.clientSecret);
    }
  });

  it('matches labels by value id too, and says auth login is not needed, and which grant is configured', async () => {
    const probe = await startTestEmulator();
    const id = spring(probe)[0]?.labels.find((l) => l.group.name === 'Campaign')?.values[0]?.id ?? '';
    const p = await pipeline(`["${id}"]`);
    expect((await p.cli('apply', '--yes')).code).toBe(0);
    const synced = await p.cli('assets', 'sync', 'news', '--format', 'json');
    expect(JSON.parse(synced.stdout)).toMatchObject({ status: 'sent', itemsSent: spring(p.platform).length });

    const login = await p.cli('auth', 'login', '--no-browser');
    expect([login.code, login.stdout]).toEqual([0, expect.stringContaining('No login needed: marketing.grant is client_credentials') as unknown]);
    const status = await p.cli('auth', 'status');
    expect([status.code, status.stdout]).toEqual([0, expect.stringContaining('Grant: client_credentials') as unknown]);
    const json = JSON.parse((await p.cli('auth', 'status', '--format', 'json')).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ grant: 'client_credentials', store: null, openApi: `${p.platform.url}/v3` });
    const refresh = await p.cli('auth', 'refresh');
    expect([refresh.code, refresh.stdout]).toEqual([0, expect.stringContaining('Nothing was stored') as unknown]);
    expect((await p.cli('auth', 'logout')).code).toBe(0);
    const listed = await p.cli('assets', 'list');
    expect(listed.stdout).toContain(`25 assets at the Open API ${p.platform.url}/v3.`);
    expect(await readdir(p.xdg)).toEqual([]);
    for (const output of p.outputs) expect(output).not.toContain(p.demo.clientSecret);
  });

  it('a mapping whose values do not fit is reported once, at its import.mapping entry, not once per asset', async () => {
    const p = await pipeline('["Campaign: Spring 2025"]');
    expect((await p.cli('apply', '--yes')).code).toBe(0);
    // `Name` is a String; `is_archived` is a boolean on every asset.
    await writeFiles(p.dir, {
      'content-sources/news.yaml': NEWS('["Campaign: Spring 2025"]').replace('mapping: { Name: title,', 'mapping: { Name: is_archived,'),
    });
    const line =
      NEWS('')
        .split('\n')
        .findIndex((l) => l.includes('mapping:')) + 1;
    const column = NEWS('').split('\n')[line - 1]!.indexOf('Name:') + 1;
    const synced = await p.cli('assets', 'sync', 'news');
    expect(synced.code).toBe(1);
    const errors = synced.stdout.split('\n').filter((l) => l.includes(' error '));
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content-sources/news\\.yaml:${line}:${column} +error +GF_ASSETS_MAPPING_INVALID .*import\\.mapping fills \`Name\` from asset field \`is_archived\`, and the value does not fit in 3 assets \\(the first: asset [0-9a-f]+\\): GF_DATA_INVALID_VALUE Expected String, found a boolean`,
        ),
      ),
    ]);
    expect(synced.stdout).not.toMatch(/^asset /m);
    const json = JSON.parse((await p.cli('assets', 'sync', 'news', '--format', 'json')).stdout) as {
      validation: { diagnostics: { code: string; file: string; line: number }[] };
    };
    expect(json.validation.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([`content-sources/news.yaml:${line} GF_ASSETS_MAPPING_INVALID`]);
    expect(await p.items()).toEqual([]);
  });
});
