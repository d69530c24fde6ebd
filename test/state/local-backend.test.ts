import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalBackend, type LocalBackendOptions } from '../../src/state/local-backend.js';
import { emptyState, stateEntry, withSource } from '../../src/state/state.js';
import type { State } from '../../src/state/types.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { shop } from '../plan/builders.js';
import { rejection } from '../helpers/graphform-error.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');

function backend(dir: string, overrides: Partial<LocalBackendOptions> = {}) {
  return createLocalBackend({
    path: path.join(dir, 'nested', 'state', 'local.json'),
    lockTimeoutMs: 0,
    now: () => NOW,
    who: 'alice',
    pid: 4242,
    host: 'laptop',
    retryIntervalMs: 20,
    ...overrides,
  });
}

const sample = (serial = 0): State => {
  let state = withSource(emptyState('11111111-2222-4333-8444-555555555555'), 'shop', stateEntry(shop(), NOW.toISOString(), '0.1.0'));
  state = { ...state, serial: state.serial + serial };
  return state;
};

describe('local state backend: reading and writing', () => {
  it('reads nothing before the first write', async () => {
    expect(await backend(await makeTempDir('graphform-state-')).read()).toBeUndefined();
  });

  it('creates the folder, writes 2-space JSON and reads it back; no temp file is left', async () => {
    const dir = await makeTempDir('graphform-state-');
    const b = backend(dir);
    await b.write(sample());
    expect(await b.read()).toEqual(sample());
    const folder = path.join(dir, 'nested', 'state');
    expect(await readdir(folder)).toEqual(['local.json']);
    const text = await readFile(path.join(folder, 'local.json'), 'utf8');
    expect(text.startsWith('{\n  "formatVersion": 1,')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('replaces the file whole: concurrent writers leave one complete state', async () => {
    const dir = await makeTempDir('graphform-state-');
    const writers = Array.from({ length: 12 }, (_, i) => backend(dir, { pid: 1000 + i }));
    await Promise.all(writers.map((w, i) => w.write(sample(i))));
    const state = await writers[0]!.read();
    expect(state?.sources.shop?.hash).toMatch(/^sha256:/);
    expect(state?.serial).toBeGreaterThanOrEqual(1);
    expect(await readdir(path.join(dir, 'nested', 'state'))).toEqual(['local.json']);
  });

  it('fails with GF_STATE_WRITE and cleans up when the file cannot be replaced', async () => {
    const dir = await makeTempDir('graphform-state-');
    const target = path.join(dir, 'nested', 'state', 'local.json');
    await mkdir(path.join(target, 'in-the-way'), { recursive: true });
    const error = await rejection(backend(dir).write(sample()));
    expect(error.code).toBe('GF_STATE_WRITE');
    expect(error.message).toContain(target);
    expect(await readdir(path.join(dir, 'nested', 'state'))).toEqual(['local.json']);
  });

  it.each([
    ['a newer format version', JSON.stringify({ ...sample(), formatVersion: 2 }), /has formatVersion 2; this graphform \(0\.1\.0\) reads only formatVersion 1/],
    ['no format version', JSON.stringify({ lineage: 'x', serial: 1, sources: {} }), /has formatVersion null/],
    ['broken JSON', '{"formatVersion": 1,', /is not valid JSON/],
    ['a bad serial', JSON.stringify({ ...sample(), serial: -1 }), /has no valid serial/],
    ['a bad entry', JSON.stringify({ ...sample(), sources: { shop: { definition: {} } } }), /invalid entry for source shop: hash is not a string/],
  ])('refuses %s with GF_STATE_FORMAT', async (_name, text, message) => {
    const dir = await makeTempDir('graphform-state-');
    await mkdir(path.join(dir, 'nested', 'state'), { recursive: true });
    await writeFile(path.join(dir, 'nested', 'state', 'local.json'), text);
    const error = await rejection(backend(dir).read());
    expect(error.code).toBe('GF_STATE_FORMAT');
    expect(error.message).toMatch(message);
  });
});

describe('local state backend: locking', () => {
  it('writes the holder into <path>.lock and removes it on release', async () => {
    const dir = await makeTempDir('graphform-state-');
    const lockFile = path.join(dir, 'nested', 'state', 'local.json.lock');
    const lock = await backend(dir, { newLockId: () => 'lock-1' }).lock({ operation: 'apply', who: 'ci' });
    expect(lock.id).toBe('lock-1');
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toEqual({
      id: 'lock-1',
      who: 'ci',
      pid: 4242,
      host: 'laptop',
      operation: 'apply',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    await lock.release();
    expect(await readdir(path.dirname(lockFile))).toEqual([]);
  });

  it('fails fast for a second locker, naming the holder, its operation, pid, host and age', async () => {
    const dir = await makeTempDir('graphform-state-');
    await backend(dir, { newLockId: () => 'held-by-alice', now: () => new Date('2026-11-22T09:55:30.000Z') }).lock({ operation: 'apply' });
    const bob = backend(dir, { who: 'bob', pid: 7, host: 'ci-runner' });
    const error = await rejection(bob.lock({ operation: 'state rm' }));
    expect(error.code).toBe('GF_STATE_LOCKED');
    expect(error.message).toBe(
      `The state at ${path.join(dir, 'nested', 'state', 'local.json')} is locked by alice on laptop (pid 4242) for "apply" since 2026-11-22T09:55:30.000Z (4m 30s ago).`,
    );
    expect(error.hint).toContain('graphform state unlock held-by-alice');
    expect(error.details).toMatchObject({ lockId: 'held-by-alice', who: 'alice', pid: 4242, host: 'laptop', operation: 'apply' });
  });

  it('retries until the lock timeout expires, then fails', async () => {
    const dir = await makeTempDir('graphform-state-');
    // A live holder (this process): a dead one on the same host would be taken over.
    await backend(dir, { pid: process.pid }).lock({ operation: 'apply' });
    const error = await rejection(backend(dir, { lockTimeoutMs: 150 }).lock({ operation: 'plan' }));
    expect(error.code).toBe('GF_STATE_LOCKED');
  });

  it('gets the lock when the holder releases it within the timeout', async () => {
    const dir = await makeTempDir('graphform-state-');
    const first = await backend(dir).lock({ operation: 'apply' });
    // The probe is asked about the holder each time the waiter finds the lock taken: the
    // event that tells the test it is retrying. The holder counts as alive.
    let found = (): void => undefined;
    const refused = new Promise<void>((resolve) => (found = resolve));
    const probe = { running: () => (found(), true), exited: async () => false, start: async () => undefined };
    const waiting = backend(dir, { lockTimeoutMs: 10_000, newLockId: () => 'second', probe }).lock({ operation: 'apply' });
    await refused;
    await first.release();
    const second = await waiting;
    expect(second.id).toBe('second');
    await second.release();
  });

  it('exactly one of many simultaneous lockers wins', async () => {
    const dir = await makeTempDir('graphform-state-');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => backend(dir, { pid: process.pid }).lock({ operation: 'apply' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('unlocks a stale lock only with its id', async () => {
    const dir = await makeTempDir('graphform-state-');
    const b = backend(dir, { newLockId: () => 'stale-id' });
    const stale = await b.lock({ operation: 'apply' });

    const mismatch = await rejection(b.forceUnlock('other-id'));
    expect(mismatch.code).toBe('GF_STATE_LOCK_MISMATCH');
    expect(mismatch.message).toContain('locked with id stale-id, not other-id');

    await b.forceUnlock('stale-id');
    const again = await backend(dir, { newLockId: () => 'fresh' }).lock({ operation: 'apply' });
    expect(again.id).toBe('fresh');

    const lost = await rejection(stale.release());
    expect(lost.code).toBe('GF_STATE_LOCK_LOST');
  });

  it('says when there is nothing to unlock', async () => {
    const error = await rejection(backend(await makeTempDir('graphform-state-')).forceUnlock('any'));
    expect(error.code).toBe('GF_STATE_NOT_LOCKED');
  });
});
