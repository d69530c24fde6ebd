import { chmod, chown, mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTokenStore } from '../../src/marketing/token-store.js';
import type { StoredTokens } from '../../src/marketing/types.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { failure } from './helpers.js';

const tokens: StoredTokens = {
  issuer: 'https://accounts.example.com',
  clientId: 'client',
  accessToken: 'access-token-value',
  refreshToken: 'refresh-token-value',
  tokenType: 'Bearer',
  accessExpiresAt: '2026-11-22T11:00:00.000Z',
  refreshIssuedAt: '2026-11-22T10:00:00.000Z',
};

/** A uid that is not ours: tests run as root here, and root may give files away. */
const OTHER_UID = (process.getuid?.() ?? 0) + 4242;

async function storeIn(folder: string) {
  return openTokenStore(path.join(folder, 'credentials.json'));
}

describe('token store folder and owner', () => {
  it('creates the folder 0700 and the file 0600', async () => {
    const folder = path.join(await makeTempDir(), 'graphform');
    const store = await storeIn(folder);
    await store.locked(() => store.save(tokens));
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
  });

  it('refuses a folder others can write, naming it and the chmod that fixes it, for reads, saves and the lock', async () => {
    const folder = path.join(await makeTempDir(), 'graphform');
    const store = await storeIn(folder);
    await store.locked(() => store.save(tokens));
    await chmod(folder, 0o777);
    for (const work of [() => store.read(tokens.issuer, tokens.clientId), () => store.save(tokens), () => store.locked(() => Promise.resolve())]) {
      const error = await failure(work);
      expect(error.code).toBe('GF_AUTH_STORE_PERMISSIONS');
      expect(error.message).toBe(`The token store ${folder} can be written by other users (mode 0777); graphform will not keep or use tokens there.`);
      expect(error.hint).toBe(`Run: chmod 700 ${folder}`);
    }
  });

  it('refuses a folder that is a symbolic link, even to a 0755 folder of ours', async () => {
    const dir = await makeTempDir();
    const real = path.join(dir, 'real');
    await mkdir(real, { mode: 0o755 });
    await chmod(real, 0o755);
    const folder = path.join(dir, 'graphform');
    await symlink(real, folder);
    const store = await storeIn(folder);
    const error = await failure(() => store.locked(() => store.save(tokens)));
    expect(error.code).toBe('GF_AUTH_STORE_PERMISSIONS');
    expect(error.message).toContain(`${folder} is a symbolic link`);
    expect((await failure(() => store.read(tokens.issuer, tokens.clientId))).code).toBe('GF_AUTH_STORE_PERMISSIONS');
  });

  it('refuses a credentials file, or a folder, owned by another user', async () => {
    const folder = path.join(await makeTempDir(), 'graphform');
    const store = await storeIn(folder);
    await store.locked(() => store.save(tokens));
    await chown(store.path, OTHER_UID, OTHER_UID);
    const file = await failure(() => store.read(tokens.issuer, tokens.clientId));
    expect(file.code).toBe('GF_AUTH_STORE_PERMISSIONS');
    expect(file.message).toContain(`${store.path} belongs to another user (uid ${OTHER_UID})`);

    const other = path.join(await makeTempDir(), 'graphform');
    await mkdir(other, { mode: 0o700 });
    await writeFile(path.join(other, 'credentials.json'), '{}', { mode: 0o600 });
    await chown(other, OTHER_UID, OTHER_UID);
    const folderError = await failure(async () => (await storeIn(other)).read(tokens.issuer, tokens.clientId));
    expect(folderError.message).toContain(`${other} belongs to another user (uid ${OTHER_UID})`);
  });
});
