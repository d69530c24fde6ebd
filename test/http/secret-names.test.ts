import { describe, expect, it } from 'vitest';
import { isSecretName } from '../../src/http/secret-names.js';

describe('isSecretName', () => {
  it.each([
    'token',
    'access_token',
    'refresh_token',
    'accessToken',
    'id_token',
    'key',
    'apiKey',
    'api-key',
    'apikey',
    'appKey',
    'secret',
    'client_secret',
    'clientSecret',
    'password',
    'PASSWORD',
    'passwd',
    'pwd',
    'sig',
    'signature',
    'X-Amz-Signature',
    'X-Amz-Credential',
    'auth',
    'code',
    'session',
    'private_token',
    'sessiontoken',
  ])('%s is secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each(['id', 'ID', 'languages', 'mode', 'state', 'region', 'keyword', 'label', 'description', 'username', 'lockTimeoutMs', 'page_size', 'offset'])(
    '%s is not',
    (name) => {
      expect(isSecretName(name)).toBe(false);
    },
  );
});
