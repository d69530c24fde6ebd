import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialsPath } from '../../src/marketing/store-path.js';
import { openTokenStore } from '../../src/marketing/token-store.js';
import type { StoredTokens } from '../../src/marketing/types.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { rejection } from '../helpers/graphform-error.js';

function tokens(overrides: Partial<StoredTokens> = {}): StoredTokens {
  return {
    issuer: 'https://accounts.example.com',
    clientId: 'client-1',
    accessToken: 'access-AAAAAAAAAAAA',
    refreshToken: 'refresh-RRRRRRRRRRRR',
    idToken: 'id-IIIIIIIIIIII',
    tokenType: 'Bearer',
    accessExpiresAt: '2026-11-22T11:00:00.000Z',
    refreshIssuedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

describe('credentialsPath', () => {
  it.each([
    { env: { XDG_CONFIG_HOME: '/xdg', HOME: '/home/u' }, expected: '/xdg/graphform/credentials.json' },
    { env: { HOME: '/home/u' }, expected: '/home/u/.config/graphform/credentials.json' },
    { env: { XDG_CONFIG_HOME: 'relative/dir', HOME: '/home/u' }, expected: '/home/u/.config/graphform/credentials.json' },
    { env: {}, expected: '/fallback/.config/graphform/credentials.json' },
  ])('$env → $expected', ({ env, expected }) => {
    expect(credentialsPath(env, () => '/fallback')).toBe(expected);
  });
});

describe('the token store', () => {
  it('writes the file with mode 0600 in a folder with mode 0700, atomically, keyed by issuer and client id', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'config', 'graphform', 'credentials.json');
    const store = openTokenStore(file);
    await store.save(tokens());
    await store.save(tokens({ clientId: 'client-2', refreshToken: 'refresh-2222222222' }));
    await store.save(tokens({ issuer: 'local-emulator:/p/.graphform/emulator', refreshToken: 'refresh-3333333333' }));
    await store.save(tokens({ refreshToken: 'refresh-rotated-111' }));

    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readdir(path.dirname(file))).toEqual(['credentials.json']);
    expect((await store.read('https://accounts.example.com', 'client-1'))?.refreshToken).toBe('refresh-rotated-111');
    expect((await store.read('https://accounts.example.com', 'client-2'))?.refreshToken).toBe('refresh-2222222222');
    expect((await store.read('local-emulator:/p/.graphform/emulator', 'client-1'))?.refreshToken).toBe('refresh-3333333333');
    expect(await store.read('https://other.example.com', 'client-1')).toBeUndefined();

    expect(await store.remove('https://accounts.example.com', 'client-1')).toBe(true);
    expect(await store.remove('https://accounts.example.com', 'client-1')).toBe(false);
    expect(await store.read('https://accounts.example.com', 'client-2')).toBeDefined();
  });

  it('reads nothing from a store that does not exist, and deletes the file with its last pair', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'credentials.json');
    const store = openTokenStore(file);
    expect(await store.read('https://accounts.example.com', 'client-1')).toBeUndefined();
    await store.save(tokens());
    await store.remove('https://accounts.example.com', 'client-1');
    expect(await readdir(dir)).toEqual([]);
  });

  it.each([0o644, 0o640, 0o604, 0o660])('refuses a file with mode %o, with the chmod to run, and leaves it as it is', async (mode) => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'credentials.json');
    const store = openTokenStore(file);
    await store.save(tokens());
    await chmod(file, mode);
    const before = await readFile(file, 'utf8');
    const error = await rejection(store.read('https://accounts.example.com', 'client-1'));
    expect(error.code).toBe('GF_AUTH_STORE_PERMISSIONS');
    expect(error.message).toContain(`mode 0${mode.toString(8)}`);
    expect(error.hint).toContain(`chmod 600 ${file}`);
    expect(`${error.message}${error.hint ?? ''}`).not.toContain('refresh-RRRR');
    await rejection(store.save(tokens({ refreshToken: 'refresh-new-000000' })));
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it.each([
    ['not JSON', 'access-SECRET-TEXT {'],
    ['another format', JSON.stringify({ formatVersion: 9, tokens: [] })],
    ['an entry without its refresh token', JSON.stringify({ formatVersion: 1, tokens: [{ issuer: 'x', clientId: 'y', accessToken: 'access-SECRET-TEXT' }] })],
  ])('refuses a store that is %s without quoting it', async (_name, text) => {
    const dir = await makeTempDir();
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'credentials.json');
    await writeFile(file, text, { mode: 0o600 });
    const error = await rejection(openTokenStore(file).read('x', 'y'));
    expect(error.code).toBe('GF_AUTH_STORE_INVALID');
    expect(error.message).not.toContain('SECRET');
  });

  it('runs one locked step at a time across store handles', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'credentials.json');
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push(`${name} out`);
    };
    await Promise.all([openTokenStore(file).locked(step('a')), openTokenStore(file).locked(step('b'))]);
    // Whichever comes first, the two never overlap.
    const first = order[0]?.split(' ')[0] ?? '';
    const second = first === 'a' ? 'b' : 'a';
    expect(order).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
    expect(await readdir(dir)).toEqual([]);
  });
});
