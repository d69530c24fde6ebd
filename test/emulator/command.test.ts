import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { emulatorRegistrar } from '../../src/cli/commands/emulator.js';
import type { CommandContext } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';
import { graphClientFor, sampleDefinition } from '../helpers/emulator.js';
import { makeTempDir } from '../helpers/temp-dir.js';

interface Capture {
  write(chunk: string): boolean;
  text(): string;
  /** Resolves with what `read` finds in the text, tested on each write (an event, not a poll). */
  until<T>(read: (text: string) => T | undefined): Promise<T>;
}

function capture(): Capture {
  let out = '';
  const waiting = new Set<() => void>();
  return {
    write: (chunk: string) => {
      out += chunk;
      for (const check of [...waiting]) check();
      return true;
    },
    text: () => out,
    until: (read) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`timed out waiting for the emulator's output; so far: ${out}`));
        }, 20_000);
        const check = (): void => {
          const value = read(out);
          if (value === undefined) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(value);
        };
        waiting.add(check);
        check();
      }),
  };
}

function fakeContext(
  cwd: string,
  format: 'text' | 'json' = 'text',
): CommandContext & { stdout: ReturnType<typeof capture>; stderr: ReturnType<typeof capture> } {
  const stdout = capture();
  const stderr = capture();
  return {
    stdout,
    stderr,
    io: { stdout, stderr, env: {}, cwd },
    globals: () => ({ config: undefined, env: undefined, format, color: false, verbose: true }),
    color: () => {
      throw new Error('not used');
    },
    colorErr: () => {
      throw new Error('not used');
    },
    out: (text) => void stdout.write(`${text}\n`),
    err: (text) => void stderr.write(`${text}\n`),
    loadConfig: () => Promise.reject(new Error('not used')),
    environment: () => Promise.reject(new Error('not used')),
  };
}

describe('graphform emulator', () => {
  it('runs in-process through main() until SIGINT, printing the URL, credentials, the read key, the demo app and config snippets', async () => {
    const stdout = capture();
    const stderr = capture();
    const argv = ['emulator', '--port', '0', '--max-sources', '1', '--app-key', 'cli-key', '--secret', 'c2VjcmV0LXNlY3JldA==', '--single-key', 'cli-read-key'];
    const exit = main(argv, { stdout, stderr, env: {}, cwd: process.cwd() });
    const url = await stdout.until((text) => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1]);
    const printed = stdout.text();
    expect(printed).toContain(`graphUrl: ${url}`);
    // The snippet goes into a committed file: placeholders there, the values only in export lines.
    expect(printed).toContain(
      'auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }\n    singleKey: "${env:GRAPH_SINGLE_KEY}"',
    );
    expect(printed).toContain("  export GRAPH_APP_KEY='cli-key'\n  export GRAPH_SECRET='c2VjcmV0LXNlY3JldA=='\n  export GRAPH_SINGLE_KEY='cli-read-key'");
    expect(printed).toContain(`graphql: POST ${url}/content/v2; GraphiQL: ${url}/app/graphiql?auth=cli-read-key`);
    const clientId = /client id: +(\S+)/.exec(printed)?.[1] ?? '';
    const clientSecret = /export MKT_CLIENT_SECRET='([^']+)'/.exec(printed)?.[1] ?? '';
    expect(clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(printed).toContain(
      [
        'marketing:',
        `  authUrl: ${url}`,
        `  baseUrl: ${url}`,
        `  clientId: "${clientId}"`,
        '  clientSecret: "${env:MKT_CLIENT_SECRET}"',
        '  redirectUri: http://127.0.0.1:8765/callback',
      ].join('\n'),
    );
    const snippet = printed.slice(printed.indexOf('environments:'));
    for (const secret of ['c2VjcmV0LXNlY3JldA==', 'cli-read-key', clientSecret]) expect(snippet).not.toContain(secret);
    const token = await fetch(`${url}/o/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: 'x' }),
    });
    expect(((await token.json()) as { error: string }).error).toBe('invalid_grant');
    const client = graphClientFor({ url, credentials: { appKey: 'cli-key', secret: 'c2VjcmV0LXNlY3JldA==' } });
    await client.putTypes('a', sampleDefinition());
    await expect(client.putTypes('b', sampleDefinition())).rejects.toMatchObject({ code: 'GF_GRAPH_HTTP_403' });
    const graphql = await fetch(`${url}/content/v2?auth=cli-read-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ Product { total } }"}',
    });
    expect(await graphql.json()).toEqual({ data: { Product: { total: 0 } } });
    process.emit('SIGINT');
    expect(await exit).toBe(0);
    expect(stderr.text()).toContain('Emulator stopped.');
    await expect(fetch(`${url}/_emulator`)).rejects.toThrow();
  });

  it.skipIf(externalAddress() === undefined)(
    'listens beyond loopback with --host 0.0.0.0: warns, answers any Host, keeps the control API to this machine',
    async () => {
      const stdout = capture();
      const stderr = capture();
      const exit = main(['emulator', '--port', '0', '--host', '0.0.0.0', '--single-key', 'cli-read-key'], { stdout, stderr, env: {}, cwd: process.cwd() });
      const url = await stdout.until((text) => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1]);
      expect(stderr.text()).toContain('Warning: listening on 0.0.0.0, so the emulator is reachable from other machines and containers');
      const port = new URL(url).port;
      // As a compose service named "emulator" is reached: another address, another name in Host.
      const answer = await rawGet(externalAddress() ?? '', port, '/content/v2?auth=cli-read-key&query=%7B__typename%7D', `emulator:${port}`);
      expect(answer.status, 'the Host check must follow --host').not.toBe(421);
      expect((await rawGet(externalAddress() ?? '', port, '/_emulator/sources', `emulator:${port}`)).status).toBe(403);
      expect((await fetch(`${url}/_emulator/sources`)).status).toBe(200);
      process.emit('SIGINT');
      expect(await exit).toBe(0);
    },
  );

  it('keeps generated credentials, the demo app and data in --data-dir, prints JSON with --format json, logs requests with --verbose', async () => {
    const cwd = await makeTempDir();
    const urls: string[] = [];
    const demoApps: string[] = [];
    const singleKeys: string[] = [];
    for (let run = 0; run < 2; run++) {
      const stop = new AbortController();
      const program = new Command().exitOverride();
      const ctx = fakeContext(cwd, 'json');
      let exitCode: number | undefined;
      emulatorRegistrar(() => ({ signal: stop.signal, dispose: () => undefined }))(program, async (handler) => {
        exitCode = await handler(ctx);
      });
      const done = program.parseAsync(['emulator', '--port', '0', '--data-dir', 'emu'], { from: 'user' });
      const printed = await ctx.stdout.until((text) =>
        text.includes('\n')
          ? (JSON.parse(text) as {
              url: string;
              appKey: string;
              secret: string;
              singleKey: string;
              graphqlUrl: string;
              dataDir: string;
              marketing: Record<string, string>;
            })
          : undefined,
      );
      expect(printed.dataDir).toBe(join(cwd, 'emu'));
      const oauth = JSON.parse(await readFile(join(cwd, 'emu', 'oauth.json'), 'utf8')) as { demoApp: { clientId: string; clientSecret: string } };
      expect(printed.marketing).toEqual({
        authUrl: printed.url,
        baseUrl: printed.url,
        clientId: oauth.demoApp.clientId,
        clientSecret: oauth.demoApp.clientSecret,
        redirectUri: 'http://127.0.0.1:8765/callback',
      });
      demoApps.push(printed.marketing.clientId ?? '');
      const stored = JSON.parse(await readFile(join(cwd, 'emu', 'credentials.json'), 'utf8')) as { appKey: string; secret: string; singleKey: string };
      expect({ appKey: printed.appKey, secret: printed.secret, singleKey: printed.singleKey }).toEqual(stored);
      expect(printed.graphqlUrl).toBe(`${printed.url}/content/v2`);
      singleKeys.push(printed.singleKey);
      const client = graphClientFor({ url: printed.url, credentials: stored });
      if (run === 0) await client.putTypes('shop', sampleDefinition());
      else expect(await client.getTypes('shop')).toMatchObject({ status: 'found', definition: sampleDefinition() });
      expect(ctx.stderr.text()).toMatch(/(PUT|GET) \/api\/content\/v3\/types\?id=shop → (204|200)/);
      urls.push(printed.url);
      stop.abort();
      await done;
      expect(exitCode).toBe(0);
    }
    expect(urls).toHaveLength(2);
    expect(demoApps[0]).toBe(demoApps[1]);
    expect(singleKeys[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(singleKeys[0]).toBe(singleKeys[1]);
  });

  it('serves the CMS content types of --cms-types FILE (YAML or JSON) and keeps them in --data-dir', async () => {
    const cwd = await makeTempDir();
    await writeFile(
      join(cwd, 'cms.yaml'),
      'label: Our CMS\nlanguages: [en]\ncontentTypes:\n  HomePage: { contentType: [], properties: { Title: { type: String } } }\n',
    );
    const cms = { label: 'Our CMS', languages: ['en'], contentTypes: { HomePage: { contentType: [], properties: { Title: { type: 'String' } } } } };
    for (const argv of [['--cms-types', 'cms.yaml'], []]) {
      const stop = new AbortController();
      const program = new Command().exitOverride();
      const ctx = fakeContext(cwd, 'json');
      emulatorRegistrar(() => ({ signal: stop.signal, dispose: () => undefined }))(program, async (handler) => void (await handler(ctx)));
      const done = program.parseAsync(['emulator', '--port', '0', '--data-dir', 'emu', ...argv], { from: 'user' });
      const printed = await ctx.stdout.until((text) =>
        text.includes('\n') ? (JSON.parse(text) as { url: string; appKey: string; secret: string }) : undefined,
      );
      expect(await graphClientFor({ url: printed.url, credentials: printed }).getCmsTypes()).toMatchObject({ status: 'found', definition: cms });
      stop.abort();
      await done;
    }
  });

  it.each([
    { name: 'a missing file', content: undefined, message: /--cms-types cms\.yaml does not exist/ },
    {
      name: 'a syntax error',
      content: 'label: CMS\nlanguages: [en\n',
      message: /cms\.yaml:3:1: not valid YAML or JSON: Flow sequence in block collection must be sufficiently indented and end with a \]\n/,
    },
    {
      name: 'an invalid definition',
      content: '{"label": "CMS", "languages": ["en"], "contentTypes": {"A": {"properties": {}}}}',
      message: /cms\.yaml: not a valid content source definition: contentTypes\.A\.contentType is required/,
    },
  ])('refuses --cms-types with $name', async ({ content, message }) => {
    const cwd = await makeTempDir();
    if (content !== undefined) await writeFile(join(cwd, 'cms.yaml'), content);
    const stderr = capture();
    expect(await main(['emulator', '--port', '0', '--cms-types', 'cms.yaml'], { stdout: capture(), stderr, env: {}, cwd })).toBe(1);
    expect(stderr.text()).toContain('GF_EMULATOR_BAD_OPTIONS');
    expect(stderr.text()).toMatch(message);
  });

  it('lags its GraphQL by --schema-delay and --indexing-lag, and refuses a value that is no duration', async () => {
    const cwd = await makeTempDir();
    const stop = new AbortController();
    const program = new Command().exitOverride();
    const ctx = fakeContext(cwd, 'json');
    emulatorRegistrar(() => ({ signal: stop.signal, dispose: () => undefined }))(program, async (handler) => void (await handler(ctx)));
    const done = program.parseAsync(['emulator', '--port', '0', '--schema-delay', '1h', '--indexing-lag', '0'], { from: 'user' });
    const printed = await ctx.stdout.until((text) =>
      text.includes('\n') ? (JSON.parse(text) as { url: string; appKey: string; secret: string; graphqlUrl: string; singleKey: string }) : undefined,
    );
    await graphClientFor({ url: printed.url, credentials: printed }).putTypes('shop', sampleDefinition({ languages: ['en'] }));
    // An hour's delay: GraphQL still serves the empty schema from before the PUT.
    const answer = await fetch(`${printed.graphqlUrl}?auth=${printed.singleKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ Product { total } }' }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('The schema is empty');
    stop.abort();
    await done;

    const stderr = capture();
    expect(await main(['emulator', '--port', '0', '--indexing-lag', '5 minutes'], { stdout: capture(), stderr, env: {}, cwd })).toBe(1);
    expect(stderr.text()).toContain('--indexing-lag takes a duration such as 500ms, 30s or 2m, not "5 minutes"');
  });

  it('rejects --app-key without --secret and a bad --port', async () => {
    for (const argv of [
      ['emulator', '--app-key', 'k'],
      ['emulator', '--port', 'abc'],
    ]) {
      const stderr = capture();
      expect(await main(argv, { stdout: capture(), stderr, env: {}, cwd: process.cwd() })).toBe(1);
      expect(stderr.text()).toContain('GF_EMULATOR_BAD_OPTIONS');
    }
  });
});

/** This machine's first non-internal IPv4 address, where another machine (or a container) would reach it. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;
}

/** A GET with a Host header of our choosing (fetch sets its own). */
function rawGet(address: string, port: string, path: string, host: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: address, port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}
