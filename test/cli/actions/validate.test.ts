import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { makeProjectDir } from '../../helpers/temp-dir.js';

const good = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String }\n';
const bad = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: Strin }\n';

describe('graphform validate', () => {
  it('exits 0 and names the sources when the declarations are valid', async () => {
    const dir = await makeProjectDir({ 'content-sources/shop.yaml': good });
    const result = await runCli(['validate'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 content source valid (shop)');
  });

  it('prints the JSON contract: {ok, diagnostics[{code, severity, message, file, line, column, path}]}', async () => {
    const dir = await makeProjectDir({ 'content-sources/shop.yaml': bad });
    const result = await runCli(['validate', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; diagnostics: Record<string, unknown>[] };
    expect(report.ok).toBe(false);
    expect(report.diagnostics).toHaveLength(1);
    expect(Object.keys(report.diagnostics[0] ?? {}).sort()).toEqual(['code', 'column', 'file', 'line', 'message', 'path', 'severity']);
    expect(report.diagnostics[0]).toMatchObject({
      code: 'GF_UNKNOWN_PROPERTY_TYPE',
      severity: 'error',
      file: 'content-sources/shop.yaml',
      line: 8,
      column: 21,
      path: 'contentTypes.Product.properties.Name.type',
    });
    expect(report.diagnostics[0]?.message).toContain('did you mean `String`');
  });

  it('shows the offending line in text, and GitHub annotations inside GitHub Actions', async () => {
    const dir = await makeProjectDir({ 'content-sources/shop.yaml': bad });
    const text = await runCli(['validate'], { cwd: dir });
    expect(text.stdout).toContain('content-sources/shop.yaml:8:21 error GF_UNKNOWN_PROPERTY_TYPE');
    expect(text.stdout).toContain('Name: { type: Strin }');
    expect(text.stdout).not.toContain('::error');
    const actions = await runCli(['validate'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(actions.stdout).toContain('::error file=content-sources/shop.yaml,line=8,col=21');
  });

  it('plan stops on invalid declarations with the same diagnostics, annotated in GitHub Actions', async () => {
    const dir = await makeProjectDir({ 'content-sources/shop.yaml': bad });
    const result = await runCli(['plan'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('::error file=content-sources/shop.yaml,line=8,col=21');
    expect(result.stderr).toContain('GF_INVALID_DECLARATIONS');
  });

  it('checks names against sources that are only in state', async () => {
    const state = {
      formatVersion: 1,
      lineage: '00000000-0000-4000-8000-000000000000',
      serial: 1,
      sources: {
        old: {
          definition: { label: 'Old', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } },
          hash: 'sha256:x',
          appliedAt: '2026-01-01T00:00:00.000Z',
          toolVersion: '0.1.0',
        },
      },
    };
    const dir = await makeProjectDir({ 'content-sources/shop.yaml': good, '.graphform/state/local.json': JSON.stringify(state) });
    const result = await runCli(['validate', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics[0]).toMatchObject({ code: 'GF_TYPE_NAME_COLLISION' });
  });

  it('says where the declarations folder should be when it is missing', async () => {
    const dir = await makeProjectDir();
    const result = await runCli(['validate'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('GF_SOURCES_DIR_MISSING');
    expect(result.stderr).toContain('graphform init');
    expect(result.stderr).toContain('set `sources` in graphform.config.yaml');
  });

  it('names the config file given with --config in that hint, not graphform.config.yaml', async () => {
    const dir = await makeProjectDir({ 'cfg/x.yaml': 'sources: nowhere\n' });
    const result = await runCli(['validate', '--config', 'cfg/x.yaml'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('GF_SOURCES_DIR_MISSING');
    expect(result.stderr).toContain('set `sources` in cfg/x.yaml to the folder');
    expect(result.stderr).not.toContain('graphform.config.yaml');
  });
});
