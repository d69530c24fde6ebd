import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateCredentials } from '../../../src/emulator/server/credentials-file.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

describe('the emulator credentials file', () => {
  it('is created with an AppKey, a secret and a read key, mode 0600, and read back the same', async () => {
    const dir = await makeTempDir();
    const first = await loadOrCreateCredentials(dir);
    expect(first.credentials.appKey).toMatch(/^[0-9a-f]{24}$/);
    expect(first.singleKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await stat(join(dir, 'credentials.json'))).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateCredentials(dir)).toEqual(first);
  });

  it('gets a read key added when it was written before the GraphQL endpoint, keeping its AppKey and secret', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'credentials.json'), '{"appKey":"old-key","secret":"c2VjcmV0LXNlY3JldA=="}\n');
    const loaded = await loadOrCreateCredentials(dir);
    expect(loaded.credentials).toEqual({ appKey: 'old-key', secret: 'c2VjcmV0LXNlY3JldA==' });
    expect(JSON.parse(await readFile(join(dir, 'credentials.json'), 'utf8'))).toEqual({
      appKey: 'old-key',
      secret: 'c2VjcmV0LXNlY3JldA==',
      singleKey: loaded.singleKey,
    });
    expect(await loadOrCreateCredentials(dir)).toEqual(loaded);
  });

  it.each([
    ['not JSON', '{appKey'],
    ['a read key that is not text', '{"appKey":"k","secret":"c2VjcmV0","singleKey":5}'],
  ])('is refused as damaged when it is %s', async (_name, content) => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'credentials.json'), content);
    await expect(loadOrCreateCredentials(dir)).rejects.toMatchObject({ code: 'GF_EMULATOR_CORRUPT_DATA' });
  });
});
