import { describe, expect, it } from 'vitest';
import { createHttpBackend, type HttpBackendOptions } from '../../src/state/http-backend.js';
import { openStateBackend } from '../../src/state/open-backend.js';
import { emptyState, stateEntry, withSource } from '../../src/state/state.js';
import { serializeState } from '../../src/state/state-format.js';
import { shop } from '../plan/builders.js';
import { startTerraformHttpServer } from './terraform-http-server.js';
import { rejection } from '../helpers/graphform-error.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const state = withSource(emptyState('11111111-2222-4333-8444-555555555555'), 'shop', stateEntry(shop(), NOW.toISOString(), '0.1.0'));

function backend(base: string, overrides: Partial<HttpBackendOptions> = {}) {
  return createHttpBackend({
    address: `${base}/state`,
    lockAddress: `${base}/lock`,
    unlockAddress: `${base}/lock`,
    lockTimeoutMs: 0,
    now: () => NOW,
    who: 'alice',
    pid: 4242,
    host: 'laptop',
    toolVersion: '0.1.0',
    retryIntervalMs: 20,
    http: { maxAttempts: 1, timeoutMs: 5_000 },
    ...overrides,
  });
}

describe('http state backend (Terraform protocol)', () => {
  it.each([404, 204] as const)('reads nothing when the server answers %i', async (emptyStatus) => {
    const server = await startTerraformHttpServer({ emptyStatus });
    expect(await backend(server.base).read()).toBeUndefined();
  });

  it('writes with POST and reads back with GET, with Basic auth', async () => {
    const server = await startTerraformHttpServer({ username: 'gitlab-ci-token', password: 's3cret-pass' });
    const b = backend(server.base, { username: 'gitlab-ci-token', password: 's3cret-pass' });
    await b.write(state);
    expect(await b.read()).toEqual(state);
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /state', 'GET /state']);
    expect(server.seen[0]?.authorization).toBe(`Basic ${Buffer.from('gitlab-ci-token:s3cret-pass').toString('base64')}`);
  });

  it('takes credentials from the address too, since fetch refuses them there', async () => {
    const server = await startTerraformHttpServer({ username: 'u', password: 'p w' });
    const url = server.base.replace('http://', 'http://u:p%20w@');
    const b = backend(url, { address: `${url}/state` });
    await b.write(state);
    expect(server.seen[0]?.authorization).toBe(`Basic ${Buffer.from('u:p w').toString('base64')}`);
    expect(b.description).toBe(`${server.base}/state`);
  });

  it('refuses bad credentials with GF_STATE_HTTP_AUTH and never shows the password', async () => {
    const server = await startTerraformHttpServer({ username: 'u', password: 'right' });
    const error = await rejection(backend(server.base, { username: 'u', password: 'wrong-secret' }).read());
    expect(error.code).toBe('GF_STATE_HTTP_AUTH');
    expect(error.message).toBe(`The state server answered 401 to GET ${server.base}/state: bad credentials`);
    expect(JSON.stringify({ m: error.message, h: error.hint, d: error.details })).not.toContain('wrong-secret');
  });

  it('never shows a token from the address query when the server cannot be reached', async () => {
    const error = await rejection(backend('http://127.0.0.1:1', { address: 'http://127.0.0.1:1/state?access_token=SUPERSECRET' }).read());
    expect(error.code).toBe('GF_HTTP_UNREACHABLE');
    expect(JSON.stringify({ message: error.message, details: error.details, hint: error.hint })).not.toContain('SUPERSECRET');
    expect(error.message).toContain('http://127.0.0.1:1/state');
  });

  it('reports other statuses with GF_STATE_HTTP', async () => {
    const server = await startTerraformHttpServer();
    const error = await rejection(backend(server.base, { address: `${server.base}/broken` }).read());
    expect(error.code).toBe('GF_STATE_HTTP');
    expect(error.message).toContain('answered 500 to GET');
    expect(error.message).toContain('database on fire');
  });

  it('refuses a state of an unknown format version', async () => {
    const server = await startTerraformHttpServer();
    server.state = JSON.stringify({ ...state, formatVersion: 9 });
    expect((await rejection(backend(server.base).read())).code).toBe('GF_STATE_FORMAT');
  });

  it('locks with LOCK, writes with ?ID=<lock>, unlocks with UNLOCK', async () => {
    const server = await startTerraformHttpServer();
    const b = backend(server.base, { newLockId: () => 'lock-1' });
    const lock = await b.lock({ operation: 'apply' });
    expect(server.lockId).toBe('lock-1');
    await b.write(state);
    await lock.release();
    expect(server.lockId).toBeUndefined();
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['LOCK /lock', 'POST /state?ID=lock-1', 'UNLOCK /lock']);
    expect(JSON.parse(server.seen[0]?.body ?? '')).toEqual({
      ID: 'lock-1',
      Operation: 'apply',
      Info: '',
      Who: 'alice',
      Version: '0.1.0',
      Created: '2026-11-22T10:00:00.000Z',
      Path: '',
      pid: 4242,
      host: 'laptop',
    });
    // After release, writes carry no lock id.
    await b.write(state);
    expect(server.seen.at(-1)?.url).toBe('/state');
  });

  it.each([423, 409] as const)('names the holder from the %i body, Terraform-style lock included', async (heldStatus) => {
    const server = await startTerraformHttpServer({ heldStatus });
    server.holdLock('tf-lock', { ID: 'tf-lock', Operation: 'OperationTypeApply', Who: 'runner@ci-host', Created: '2026-11-22T09:00:00.000Z' });
    const error = await rejection(backend(server.base).lock({ operation: 'apply' }));
    expect(error.code).toBe('GF_STATE_LOCKED');
    expect(error.message).toBe(
      `The state at ${server.base}/state is locked by runner on ci-host (pid unknown) for "OperationTypeApply" since 2026-11-22T09:00:00.000Z (1h 0m ago).`,
    );
    expect(error.hint).toContain('graphform state unlock tf-lock');
  });

  it('retries a held lock until the timeout, and wins when it is released', async () => {
    const server = await startTerraformHttpServer();
    const first = await backend(server.base, { newLockId: () => 'first' }).lock({ operation: 'apply' });
    expect((await rejection(backend(server.base, { lockTimeoutMs: 100 }).lock({ operation: 'plan' }))).code).toBe('GF_STATE_LOCKED');
    const waiting = backend(server.base, { lockTimeoutMs: 10_000, newLockId: () => 'second' }).lock({ operation: 'plan' });
    // Released only once the waiting client has been refused: it wins by retrying.
    await server.refused(2);
    await first.release();
    expect((await waiting).id).toBe('second');
  });

  it('force-unlocks with the holder id only', async () => {
    const server = await startTerraformHttpServer();
    server.holdLock('stale', { ID: 'stale', Who: 'gone', Operation: 'apply' });
    const b = backend(server.base);
    const mismatch = await rejection(b.forceUnlock('wrong'));
    expect(mismatch.code).toBe('GF_STATE_LOCK_MISMATCH');
    await b.forceUnlock('stale');
    expect(server.lockId).toBeUndefined();
    expect((await rejection(b.forceUnlock('stale'))).code).toBe('GF_STATE_NOT_LOCKED');
  });

  it('uses configured lock and unlock methods (GitLab: POST and DELETE)', async () => {
    const server = await startTerraformHttpServer({ lockMethod: 'POST', unlockMethod: 'DELETE' });
    const b = openStateBackend(
      {
        backend: 'http',
        address: `${server.base}/state`,
        lockAddress: `${server.base}/lock`,
        unlockAddress: `${server.base}/lock`,
        lockMethod: 'POST',
        unlockMethod: 'DELETE',
        lockTimeoutMs: 0,
      },
      { now: () => NOW, who: 'ci', pid: 1, host: 'runner' },
    );
    const lock = await b.lock({ operation: 'apply' });
    await lock.release();
    expect(server.seen.map((r) => r.method)).toEqual(['POST', 'DELETE']);
  });

  it('a release after a force-unlock fails with GF_STATE_LOCK_LOST', async () => {
    const server = await startTerraformHttpServer();
    const b = backend(server.base, { newLockId: () => 'mine' });
    const lock = await b.lock({ operation: 'apply' });
    await b.forceUnlock('mine');
    expect((await rejection(lock.release())).code).toBe('GF_STATE_LOCK_LOST');
  });

  it('state written by the http backend is the same text a local file holds', async () => {
    const server = await startTerraformHttpServer();
    await backend(server.base).write(state);
    expect(server.state).toBe(serializeState(state));
  });
});
