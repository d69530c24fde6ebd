import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/**
 * Issue 24 (config and secrets), through the built binary as the audit ran it: the pull
 * request workflow posts what `validate` and `codegen --check` print, with the production
 * secrets in the environment, so no config may make them print a variable's value; and a
 * config that cannot be read says where and why, never "Maximum call stack size exceeded".
 */
const SECRET = 'prod-graph-secret-0f9e8d7c';
const TOKEN = 'unrelated-ci-token-5a4b3c2d';
const PRODUCTION = [
  'environments:',
  '  production:',
  '    graphUrl: https://graph.example.com',
  '    auth: { scheme: hmac, appKey: app, secret: "${env:GRAPH_SECRET}" }',
  '',
].join('\n');
const SITE = 'id: site\nlabel: Site\nlanguages: [en]\ncontentTypes:\n  Page:\n    contentType: []\n    properties:\n      Title: { type: String }\n';
const RUNNER = { GRAPH_SECRET: SECRET, UNRELATED_CI_TOKEN: TOKEN, GITHUB_ACTIONS: 'true' };

function refused(run: { code: number; stdout: string; stderr: string }): string {
  const output = run.stdout + run.stderr;
  expect(run.code, output).toBe(1);
  expect(output).not.toMatch(/internal error|call stack|\n\s+at .+:\d+:\d+/i);
  return output;
}

describe('the built binary, with a config that reads variables where it may not', () => {
  beforeAll(assertFreshBuild);

  it.each([
    ['sources', `sources: "\${env:GRAPH_SECRET}"\n${PRODUCTION}`, ['validate'], 'graphform.config.yaml:1:10 (sources)', 'GRAPH_SECRET'],
    [
      'sources, with --env production',
      `sources: "\${env:GRAPH_SECRET}"\n${PRODUCTION}`,
      ['validate', '--env', 'production'],
      'graphform.config.yaml:1:10 (sources)',
      'GRAPH_SECRET',
    ],
    [
      'sources, from any variable of the runner',
      `sources: "\${env:UNRELATED_CI_TOKEN}"\n${PRODUCTION}`,
      ['validate'],
      'graphform.config.yaml:1:10 (sources)',
      'UNRELATED_CI_TOKEN',
    ],
    [
      'codegen.out',
      `codegen: { out: "gen/\${env:GRAPH_SECRET}" }\n${PRODUCTION}`,
      ['codegen', '--check'],
      'graphform.config.yaml:1:17 (codegen.out)',
      'GRAPH_SECRET',
    ],
  ])('%s: a config error at the line, and no value of a variable', async (_name, config, args, at, variable) => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': config, 'content-sources/site.yaml': SITE });
    const output = refused(await runBuilt(dir, args, RUNNER));
    expect(output).toContain('GF_CONFIG_INVALID');
    expect(output).toContain(at);
    expect(output).toContain(`\${env:${variable}}`);
    expect(output).toMatch(/\$\{env:NAME\} is read only in/);
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain(TOKEN);
  });
});

describe('the built binary, with a config it cannot read', () => {
  beforeAll(assertFreshBuild);

  it.each([
    ['3,000 nested [ in YAML', 'graphform.config.yaml', `sources: ${'['.repeat(3000)}${']'.repeat(3000)}\n`, 'graphform.config.yaml:1:109'],
    ['3,000 nested maps in JSON', 'graphform.config.json', `{"sources": ${'{"a": '.repeat(3000)}1${'}'.repeat(3000)}}`, 'graphform.config.json:1:'],
  ])('%s: too deep, at its position', async (_name, file, text, at) => {
    const dir = await makeProjectDir({ [file]: text, 'content-sources/site.yaml': SITE });
    const output = refused(await runBuilt(dir, ['validate']));
    expect(output).toContain('GF_CONFIG_INVALID');
    expect(output).toContain(at);
    expect(output).toMatch(/nest more than 100 levels/);
  });

  it('a repeated key names the file, the line and column of the repeat, and the first', async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': 'sources: content-sources\nmaxSources: 3\nsources: elsewhere\n',
      'content-sources/site.yaml': SITE,
    });
    const output = refused(await runBuilt(dir, ['validate']));
    expect(output).toContain('graphform.config.yaml:3:1');
    expect(output).toMatch(/duplicate key `sources` \(first at line 1\)/);
    expect(output).not.toContain('Fix the syntax error above');
  });

  it('bytes that are not UTF-8 are refused at their position, not read as U+FFFD', async () => {
    const dir = await makeProjectDir({ 'content-sources/site.yaml': SITE });
    await writeFile(
      path.join(dir, 'graphform.config.yaml'),
      Buffer.concat([Buffer.from('maxSources: 3\nsources: content-'), Buffer.from([0xff, 0xfe]), Buffer.from('sources\n')]),
    );
    const output = refused(await runBuilt(dir, ['validate']));
    expect(output).toContain('graphform.config.yaml:2:18');
    expect(output).toMatch(/byte 0xFF is not UTF-8/);
    expect(output).not.toContain('\ufffd');
  });

  it('a timeout of 1e400 is not a finite number, at its key', async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': 'http:\n  timeoutMs: 1e400\n', 'content-sources/site.yaml': SITE });
    const output = refused(await runBuilt(dir, ['validate']));
    expect(output).toContain('graphform.config.yaml:2:14 (http.timeoutMs)');
    expect(output).toMatch(/too large to hold, which is not a finite number/);
    expect(output).not.toContain('null');
  });
});
