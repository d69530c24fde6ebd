import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rememberSecrets } from '../../src/http/secret-list.js';
import { hashDefinition } from '../../src/model/hash.js';
import { openStateBackend } from '../../src/state/open-backend.js';
import { serializeState } from '../../src/state/state-format.js';
import { emptyState, stateEntry, withSource } from '../../src/state/state.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { shop } from '../plan/builders.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('a state an earlier graphform wrote with a secret in a definition', () => {
  it('reads as "[redacted]" there, with the hash of what it now records, and the next write drops the secret', async () => {
    const secret = `state-secret-${randomBytes(9).toString('base64url')}`;
    rememberSecrets([secret]);
    const file = path.join(await makeTempDir('graphform-state-'), 'local.json');
    const old = withSource(
      emptyState('11111111-2222-4333-8444-555555555555'),
      'shop',
      stateEntry({ ...shop(), unknownFields: { webhookAuth: secret } }, NOW.toISOString(), '0.1.0'),
    );
    const plain = withSource(old, 'blog', stateEntry({ languages: ['en'], contentTypes: {} }, NOW.toISOString(), '0.1.0'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, serializeState(plain));
    const backend = openStateBackend({ backend: 'local', path: file, lockTimeoutMs: 0 }, { now: () => NOW, who: 'alice', pid: 1, host: 'laptop' });

    const read = await backend.read();
    const entry = read?.sources.shop;
    expect(entry?.definition.unknownFields, 'the state read back still holds the secret').toEqual({ webhookAuth: '[redacted]' });
    expect(entry?.hash).toBe(hashDefinition({ ...shop(), unknownFields: { webhookAuth: '[redacted]' } }));
    expect(read?.sources.blog).toEqual(plain.sources.blog);

    if (read === undefined) throw new Error('no state');
    await backend.write({ ...read, serial: read.serial + 1 });
    expect(await readFile(file, 'utf8'), 'the state written holds the secret').not.toContain(secret);
  });
});
