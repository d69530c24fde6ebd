import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GraphformError } from '../../src/diagnostics/errors.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const block = (overrides: Record<string, string> = {}): string =>
  [
    'marketing:',
    ...Object.entries({
      authUrl: 'https://accounts.example.com',
      baseUrl: 'https://api.example.com',
      clientId: '"${env:MKT_CLIENT_ID}"',
      clientSecret: '"${env:MKT_CLIENT_SECRET}"',
      redirectUri: 'http://127.0.0.1:8765/callback',
      ...overrides,
    }).map(([key, value]) => `  ${key}: ${value}`),
    '',
  ].join('\n');

const ENV = { MKT_CLIENT_ID: 'client-1', MKT_CLIENT_SECRET: 'client-secret-value' };

async function load(config: string) {
  return loadConfig({ cwd: await makeProjectDir(config === '' ? {} : { 'graphform.config.yaml': config }), configFile: undefined, env: ENV });
}

describe('the marketing block', () => {
  it('resolves with its variables, and says whether it is there', async () => {
    const config = await load(block({ revokeUrl: 'https://accounts.example.com/legacy/revoke' }));
    expect(config.marketingConfigured).toBe(true);
    expect(config.resolveMarketing()).toEqual({
      authUrl: 'https://accounts.example.com',
      baseUrl: 'https://api.example.com',
      clientId: 'client-1',
      clientSecret: 'client-secret-value',
      redirectUri: 'http://127.0.0.1:8765/callback',
      grant: 'authorization_code',
      revokeUrl: 'https://accounts.example.com/legacy/revoke',
    });
    expect((await load('')).marketingConfigured).toBe(false);
  });

  it.each([
    ['authUrl', 'https://user:hunter22@accounts.example.com', 'graphform.config.yaml:2:12', 'https://[redacted]@accounts.example.com'],
    ['baseUrl', 'ftp://api.example.com', 'graphform.config.yaml:3:12', 'must start with http:// or https://'],
    ['revokeUrl', '"https://accounts.example.com/revoke?key=abc"', 'graphform.config.yaml:7:14', 'must not carry a query'],
  ])('refuses a %s that tokens should not travel to, at its line', async (key, value, where, says) => {
    const config = await load(block({ [key]: value }));
    let error: unknown;
    try {
      config.resolveMarketing();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GraphformError);
    expect((error as GraphformError).code).toBe('GF_CONFIG_INVALID');
    expect((error as GraphformError).message).toContain(where);
    expect((error as GraphformError).message).toContain(says);
    expect((error as GraphformError).message).not.toContain('hunter22');
  });
});

describe('marketing.grant', () => {
  const without = (key: string): string =>
    block()
      .split('\n')
      .filter((line) => !line.startsWith(`  ${key}:`))
      .join('\n');

  it('takes client_credentials without a redirectUri (the default callback is filled in, unused)', async () => {
    const config = await load(`${without('redirectUri')}  grant: client_credentials\n`);
    expect(config.resolveMarketing()).toMatchObject({ grant: 'client_credentials', redirectUri: 'http://127.0.0.1:8765/callback', clientId: 'client-1' });
  });

  it('needs a redirectUri for the authorization code, the default grant', async () => {
    const config = await load(without('redirectUri'));
    let error: unknown;
    try {
      config.resolveMarketing();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GraphformError);
    expect((error as GraphformError).code).toBe('GF_CONFIG_INVALID');
    expect((error as GraphformError).message).toMatch(/^graphform\.config\.yaml:1:1 \(marketing\): `redirectUri` is required/);
    expect((error as GraphformError).hint).toContain('grant: client_credentials');
  });

  it('refuses another grant at its line', async () => {
    await expect(load(`${block()}  grant: password\n`)).rejects.toMatchObject({
      code: 'GF_CONFIG_INVALID',
      message: expect.stringContaining('graphform.config.yaml:7') as unknown,
    });
  });
});
