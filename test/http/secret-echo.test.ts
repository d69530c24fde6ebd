import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GraphServiceError } from '../../src/graph/errors.js';
import { runCli } from '../helpers/run-cli.js';
import { startScriptedServer, type ScriptedAnswer } from '../helpers/scripted-server.js';
import { secretEncodings } from '../helpers/secret-encodings.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const SHOP = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Item:\n    contentType: []\n    properties:\n      Name: { type: String }\n';

/** Fresh secrets for each case, so no case passes on what an earlier one put on the list. */
function secrets() {
  const tag = randomBytes(6).toString('hex');
  return {
    GRAPH_SECRET: `graph+sec/${tag}?`,
    SINGLE_KEY: `single-${tag}~key`,
    STATE_PASSWORD: `state pw/${tag}`,
    MKT_SECRET: `mkt-secret-${tag}`,
  };
}

/** Each secret in every encoding a client derives from it, worked out here independently. */
function encodings(values: Record<string, string>): string[] {
  return secretEncodings(Object.values(values), [`app-key-1:${values.GRAPH_SECRET}`, `ci:${values.STATE_PASSWORD}`, `cid:${values.MKT_SECRET}`]);
}

/** An error body that echoes every encoding, as text and inside JSON. */
function echo(values: Record<string, string>): string {
  const all = encodings(values);
  return JSON.stringify({ error: 'bad request', echoed: all.join(' | ') }) + '\n' + all.join('\n');
}

async function project(graph: string, state: string, marketing: string): Promise<string> {
  return makeProjectDir({
    'content-sources/shop.yaml': SHOP,
    'graphform.config.yaml': [
      'environments:',
      '  prod:',
      `    graphUrl: ${graph}`,
      '    auth: { scheme: basic, appKey: app-key-1, secret: "${env:GRAPH_SECRET}" }',
      '    singleKey: "${env:SINGLE_KEY}"',
      `    state: { backend: http, address: "${state}/state", username: ci, password: "\${env:STATE_PASSWORD}" }`,
      'marketing:',
      `  authUrl: ${marketing}`,
      `  baseUrl: ${marketing}`,
      '  clientId: cid',
      '  clientSecret: "${env:MKT_SECRET}"',
      '  grant: client_credentials',
      '',
    ].join('\n'),
  });
}

function expectNoSecret(output: string, values: Record<string, string>): void {
  for (const form of encodings(values)) expect(output, `${form} in:\n${output}`).not.toContain(form);
  // The pieces that would give a secret away even cut short.
  for (const value of Object.values(values)) expect(output).not.toContain(value.slice(0, 12));
}

describe('a server that echoes every configured secret, in every encoding, in an error body', () => {
  it.each([400, 500])('the state server (%i): nothing of it reaches stdout or stderr', async (status) => {
    const values = secrets();
    const state = await startScriptedServer([{ status, body: echo(values) }]);
    const graph = await startScriptedServer([{ status: 500 }]);
    const dir = await project(graph.url, state.url, graph.url);
    const run = await runCli(['plan', '--env', 'prod'], { cwd: dir, env: values });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_STATE_HTTP');
    expectNoSecret(run.stdout + run.stderr, values);
  });

  it.each([400, 500])('the graph service (%i): nothing of it reaches stdout or stderr', async (status) => {
    const values = secrets();
    const state = await startScriptedServer([{ status: 404 }]);
    const graph = await startScriptedServer([{ status, body: echo(values) } satisfies ScriptedAnswer]);
    const dir = await project(graph.url, state.url, graph.url);
    const run = await runCli(['plan', '--env', 'prod', '--verbose'], { cwd: dir, env: values });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/GF_REFRESH_FAILED|GF_GRAPH_HTTP/);
    expect(graph.requests.length).toBeGreaterThan(0);
    expectNoSecret(run.stdout + run.stderr, values);
  });

  it.each([401, 500])('the marketing platform (%i): nothing of it reaches stdout or stderr', async (status) => {
    const values = secrets();
    const state = await startScriptedServer([{ status: 404 }]);
    const marketing = await startScriptedServer([{ status, body: echo(values) }]);
    const dir = await project(marketing.url, state.url, marketing.url);
    const run = await runCli(['assets', 'list', '--env', 'prod', '--verbose'], { cwd: dir, env: values });
    expect(run.code).toBe(1);
    expect(marketing.requests.length).toBeGreaterThan(0);
    expectNoSecret(run.stdout + run.stderr, values);
  });

  it('quotes at most a few hundred characters of an error body', () => {
    const error = new GraphServiceError({
      status: 400,
      method: 'PUT',
      path: '/api/content/v3/types?id=shop',
      body: `start ${'x'.repeat(5000)} end`,
      attempts: 1,
    });
    expect(error.message).toContain('start xxx');
    expect(error.message.length).toBeLessThan(450);
  });
});
