import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import type { ApplyEvent } from '../../src/index.js';
import { graphClientFor, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { NEWS } from '../helpers/news-source.js';
import { leakedEncodings } from '../helpers/secret-encodings.js';
import { makeProjectDir, makeTempDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';
import { startTerraformHttpServer } from '../state/terraform-http-server.js';

const APP_KEY = 'app-key-known';
const STATE_USER = 'ci-user';

const article = (id: string, language: string): string =>
  `{"index":{"_id":"${id}","language_routing":"${language}"}}\n{"ContentType":["Item","Article"],"Language":{"Name":"${language}"},"Status":"Published","_rbac":"r:Everyone:Read","Name___searchable":"Article ${id}","Body":"text"}\n`;

/** Fresh secrets per run, so no value passes on what another test put on the process's redaction list. */
function knownSecrets() {
  const tag = randomBytes(6).toString('hex');
  const hmacKey = `graph-hmac-key-${tag}`;
  return {
    /** epi-hmac signs with the decoded bytes of the secret: those bytes are a secret too. */
    hmacKey,
    variables: {
      GRAPH_SECRET: Buffer.from(hmacKey).toString('base64'),
      SINGLE_KEY: `single-key-${tag}`,
      STATE_PASSWORD: `state-password-${tag}`,
      MKT_SECRET: `marketing-secret-${tag}`,
    },
  };
}

/**
 * Every workflow that returns something, run against the emulator and a Terraform http state
 * server whose credentials are known, with every hook and event recorded: a script that
 * writes any of them into a log or a pull request comment must not give a secret away.
 */
describe('workflow results, events and hook arguments', () => {
  it('hold none of the configured secrets, in any encoding', { timeout: 120_000 }, async () => {
    const { hmacKey, variables } = knownSecrets();
    const emulator = await startTestEmulator({
      credentials: { appKey: APP_KEY, secret: variables.GRAPH_SECRET },
      singleKey: variables.SINGLE_KEY,
      demoApp: { clientSecret: variables.MKT_SECRET },
      // Items are served a little after they are pushed: the waits report while they wait.
      indexingLagMs: 300,
    });
    const clientId = emulator.marketing.demoApp.clientId;
    const stateServer = await startTerraformHttpServer({ username: STATE_USER, password: variables.STATE_PASSWORD });
    const dir = await makeProjectDir({
      'graphform.config.yaml': [
        'defaultEnvironment: prod',
        'http: { maxAttempts: 2, timeoutMs: 10000 }',
        'environments:',
        '  prod:',
        `    graphUrl: ${emulator.url}`,
        `    auth: { scheme: hmac, appKey: ${APP_KEY}, secret: "\${env:GRAPH_SECRET}" }`,
        '    singleKey: "${env:SINGLE_KEY}"',
        `    state: { backend: http, address: "${stateServer.base}/state", lockAddress: "${stateServer.base}/lock", username: ${STATE_USER}, password: "\${env:STATE_PASSWORD}" }`,
        'marketing:',
        `  authUrl: ${emulator.url}`,
        `  baseUrl: ${emulator.url}/v3`,
        `  clientId: ${clientId}`,
        '  clientSecret: "${env:MKT_SECRET}"',
        '  grant: client_credentials',
        '',
      ].join('\n'),
      'content-sources/news.yaml': `${NEWS}data: [../data/news.ndjson]\n`,
      'data/news.ndjson': article('a1', 'en') + article('a2', 'sv'),
      'restore/news-20261127T120000000Z.ndjson': article('r1', 'en'),
    });
    const seen: Array<[string, unknown]> = [];
    const record = <T>(name: string, value: T): T => {
      seen.push([name, value]);
      return value;
    };
    // verbose: the request log lines go through the same sink, and are checked too.
    const env = testHost(dir, { variables: { ...variables, XDG_CONFIG_HOME: await makeTempDir() }, verbose: true });
    const events: ApplyEvent[] = [];
    const onEvent = (event: ApplyEvent): void => void events.push(record('apply event', event));

    record('validate', await graphform.validate({}, env));
    record('codegen', await graphform.codegen({}, env));
    record('plan', await graphform.plan({}, env));
    const applied = record(
      'apply',
      await graphform.apply(
        { onPlan: (plan) => record('apply onPlan', plan), confirm: async (plan) => record('apply confirm', plan) !== undefined, onEvent },
        env,
      ),
    );
    expect(applied.ok, JSON.stringify({ refused: applied.refused, invalid: applied.invalidData?.map((s) => s.data) })).toBe(true);
    expect(events.map((e) => e.type)).toContain('served');

    await graphClientFor(emulator).putTypes(
      'shop',
      sampleDefinition({ propertyTypes: {}, contentTypes: { Gadget: { contentType: [], properties: { Title: { type: 'String' } } } } }),
    );
    record('importSource', await graphform.importSource({ id: 'shop', onImported: (source, where) => record('import onImported', { source, where }) }, env));
    record('dataValidate', await graphform.dataValidate({ source: 'news' }, env));
    const pushed = record(
      'dataPush',
      await graphform.dataPush(
        { source: 'news', onWaiting: (report, waitedMs, timeoutMs) => record('dataPush onWaiting', { report, waitedMs, timeoutMs }) },
        env,
      ),
    );
    expect(pushed.served?.outcome).toBe('done');
    record('dataRestore', await graphform.dataRestore({ snapshot: 'restore/news-20261127T120000000Z.ndjson' }, env));
    const purged = record(
      'dataPurge',
      await graphform.dataPurge({ source: 'news', languages: ['sv'], confirm: async (question) => record('dataPurge confirm', question) !== undefined }, env),
    );
    expect(purged.purged).toBe(true);
    record('stateList', await graphform.stateList({}, env));
    record('stateShow', await graphform.stateShow({ id: 'news' }, env));
    record('stateRm', await graphform.stateRm({ id: 'shop' }, env));
    stateServer.holdLock('lock-held', { ID: 'lock-held', Who: 'someone@elsewhere', Operation: 'apply', Created: new Date().toISOString() });
    record('stateUnlock', await graphform.stateUnlock({ lockId: 'lock-held', force: true }, env));
    record('assetsList', await graphform.assetsList({}, env));
    record('assetsSync', await graphform.assetsSync({ source: 'news' }, env));
    record('authStatus', await graphform.authStatus({}, env));
    record('authRefresh', await graphform.authRefresh({}, env));
    record('authLogout', await graphform.authLogout({}, env));
    for (const message of env.messages) record('message', message);

    const secrets = [...Object.values(variables), hmacKey];
    const pairs = [`${APP_KEY}:${variables.GRAPH_SECRET}`, `${STATE_USER}:${variables.STATE_PASSWORD}`, `${clientId}:${variables.MKT_SECRET}`];
    const leaks = seen.flatMap(([name, value]) => {
      const text = `${JSON.stringify(value)}\n${inspect(value, { depth: Infinity, showHidden: true })}`;
      return leakedEncodings(text, secrets, pairs).map((form) => `${name} holds ${form}`);
    });
    expect(leaks).toEqual([]);
    // The check saw real work: the messages include the request log, and the waits reported while waiting.
    expect(env.messages.some((m) => m.kind === 'log')).toBe(true);
    expect(seen.some(([name]) => name === 'dataPush onWaiting') || events.some((e) => e.type === 'served-waiting')).toBe(true);
  });
});
