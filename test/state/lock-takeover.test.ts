import { spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalBackend, type LocalBackendOptions } from '../../src/state/local-backend.js';
import { systemProcessProbe } from '../../src/state/process-probe.js';
import { takeoverMarker } from '../../src/state/lock-takeover.js';
import { holderStatus, type ProcessProbe } from '../../src/state/process-identity.js';
import { withStateLock } from '../../src/state/with-lock.js';
import { rejection } from '../helpers/graphform-error.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const HOST = os.hostname();

function backend(dir: string, overrides: Partial<LocalBackendOptions> = {}) {
  return createLocalBackend({
    path: path.join(dir, 'state', 'local.json'),
    lockTimeoutMs: 0,
    now: () => new Date(),
    who: 'alice',
    pid: process.pid,
    host: HOST,
    retryIntervalMs: 10,
    probe: systemProcessProbe,
    ...overrides,
  });
}

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return child.pid as number;
}

async function writeLock(dir: string, holder: Record<string, unknown>): Promise<string> {
  const file = path.join(dir, 'state', 'local.json.lock');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ id: 'dead-lock', who: 'bob', host: HOST, operation: 'apply', createdAt: '2026-11-22T09:00:00.000Z', ...holder }));
  return file;
}

describe('process identity', () => {
  it('tells this process from a pid that runs nothing or another process', async () => {
    const start = await systemProcessProbe.start(process.pid);
    expect(start).toBeDefined();
    const alive = await holderStatus(
      { id: 'x', who: 'a', pid: process.pid, host: HOST, operation: 'apply', createdAt: '', pidStart: start as string },
      HOST,
      systemProcessProbe,
    );
    expect(alive.kind).toBe('alive');
    expect((await holderStatus({ id: 'x', who: 'a', pid: deadPid(), host: HOST, operation: 'apply', createdAt: '' }, HOST, systemProcessProbe)).kind).toBe(
      'gone',
    );
    const reused = await holderStatus(
      { id: 'x', who: 'a', pid: process.pid, host: HOST, operation: 'apply', createdAt: '', pidStart: 'started-at-another-time' },
      HOST,
      systemProcessProbe,
    );
    expect(reused).toEqual({ kind: 'gone', why: `pid ${process.pid} now runs another process, started after the lock was taken` });
    expect(
      (await holderStatus({ id: 'x', who: 'a', pid: deadPid(), host: 'elsewhere', operation: 'apply', createdAt: '' }, HOST, systemProcessProbe)).kind,
    ).toBe('unknown');
  });
});

describe('local lock: a lock whose holder is gone', () => {
  it('records the holder process start beside the documented fields', async () => {
    const dir = await makeTempDir('graphform-lock-');
    const lock = await backend(dir, { newLockId: () => 'mine' }).lock({ operation: 'apply' });
    const written = JSON.parse(await readFile(path.join(dir, 'state', 'local.json.lock'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(written)).toEqual(['id', 'who', 'pid', 'host', 'operation', 'createdAt', 'pidStart']);
    expect(written.pidStart).toBe(await systemProcessProbe.start(process.pid));
    await lock.release();
  });

  it('is taken over when its pid runs nothing, with a notice naming the old holder', async () => {
    const dir = await makeTempDir('graphform-lock-');
    const pid = deadPid();
    await writeLock(dir, { pid });
    const notices: string[] = [];
    const result = await withStateLock(
      backend(dir),
      'apply',
      () => Promise.resolve('done'),
      (text) => notices.push(text),
    );
    expect(result).toBe('done');
    expect(notices).toEqual([
      `Took over the state lock dead-lock at ${path.join(dir, 'state', 'local.json')} from bob on ${HOST} (pid ${pid}, "apply" since 2026-11-22T09:00:00.000Z): pid ${pid} is not running, so that run is gone.`,
    ]);
    expect(await readdir(path.join(dir, 'state'))).toEqual([]);
  });

  it('is taken over when its pid now runs a process started after the lock', async () => {
    const dir = await makeTempDir('graphform-lock-');
    await writeLock(dir, { pid: process.pid, pidStart: 'linux:another-boot:1' });
    const lock = await backend(dir).lock({ operation: 'apply' });
    expect(lock.takenOver?.why).toContain('now runs another process');
    await lock.release();
  });

  it('is not taken over when its holder lives, or lives on another host: the holder is named', async () => {
    const dir = await makeTempDir('graphform-lock-');
    await writeLock(dir, { pid: process.pid, pidStart: await systemProcessProbe.start(process.pid) });
    const live = await rejection(backend(dir, { lockTimeoutMs: 50 }).lock({ operation: 'apply' }));
    expect(live.code).toBe('GF_STATE_LOCKED');
    expect(live.message).toContain(`locked by bob on ${HOST} (pid ${process.pid})`);

    const other = await makeTempDir('graphform-lock-');
    await writeLock(other, { pid: deadPid(), host: 'another-host' });
    expect((await rejection(backend(other).lock({ operation: 'apply' }))).message).toContain('locked by bob on another-host');
  });

  it('many processes finding the same dead lock: exactly one takes it', async () => {
    const dir = await makeTempDir('graphform-lock-');
    await writeLock(dir, { pid: deadPid() });
    let next = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => backend(dir, { lockTimeoutMs: 100, newLockId: () => `racer-${next++}` }).lock({ operation: 'apply' })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<ReturnType<typeof backend>['lock']>>>).value;
    expect(winner.takenOver?.holder.id).toBe('dead-lock');
    const held = JSON.parse(await readFile(path.join(dir, 'state', 'local.json.lock'), 'utf8')) as { id: string };
    expect(held.id).toBe(winner.id);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('GF_STATE_LOCKED');
    await winner.release();
    expect(await readdir(path.join(dir, 'state'))).toEqual([]);
  });
});

/**
 * A probe that sees the dead lock's pid as an exited process (a zombie) only when the test
 * says so: each taker stops there, having found the holder, and the test decides who goes
 * on when. Every other pid is judged by the real process table.
 */
function gatedProbe(deadPid: number): { probe: ProcessProbe; arrived: (count: number) => Promise<void>; open: () => void; openFirst: () => void } {
  let waiting = 0;
  let opened = false;
  const openers: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  const probe: ProcessProbe = {
    running: (pid) => pid === deadPid || systemProcessProbe.running(pid),
    exited: async (pid) => {
      if (pid !== deadPid) return systemProcessProbe.exited(pid);
      waiting++;
      for (const w of watchers.filter((w) => w.count <= waiting)) w.resolve();
      if (!opened) await new Promise<void>((resolve) => openers.push(resolve));
      return true;
    },
    start: (pid) => systemProcessProbe.start(pid),
  };
  return {
    probe,
    arrived: (count) => (waiting >= count ? Promise.resolve() : new Promise((resolve) => watchers.push({ count, resolve }))),
    open: () => {
      opened = true;
      for (const go of openers.splice(0)) go();
    },
    openFirst: () => openers.shift()?.(),
  };
}

describe('local lock: takers racing for the same dead lock', () => {
  const lockFile = (dir: string): string => path.join(dir, 'state', 'local.json.lock');
  type Lock = Awaited<ReturnType<ReturnType<typeof backend>['lock']>>;

  /** Starts `count` takers, lets them all find the dead holder, then lets them go on together. */
  /** Exited processes for every round (the dead holder, a killed taker): starting a process is what is slow on a loaded machine. */
  let pid = 0;
  let killedPid = 0;
  beforeAll(() => {
    pid = deadPid();
    killedPid = deadPid();
  });

  async function race(dir: string, count: number, round: number): Promise<{ winner: Lock; losers: unknown[] }> {
    await writeLock(dir, { id: `dead-${round}`, pid });
    const gate = gatedProbe(pid);
    const results = Promise.allSettled(
      Array.from({ length: count }, (_, i) => backend(dir, { probe: gate.probe, newLockId: () => `racer-${round}-${i}` }).lock({ operation: 'apply' })),
    );
    await gate.arrived(count);
    gate.open();
    const settled = await results;
    const won = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(won).toHaveLength(1);
    const winner = won[0] as Lock;
    // The dead lock is replaced in one step: the winner is always the taker that replaced it.
    expect(winner.takenOver?.holder.id).toBe(`dead-${round}`);
    expect((JSON.parse(await readFile(lockFile(dir), 'utf8')) as { id: string }).id).toBe(winner.id);
    return { winner, losers: settled.flatMap((r) => (r.status === 'rejected' ? [r.reason] : [])) };
  }

  it('all having found the holder dead, exactly one takes the lock, the others name the winner; round after round', async () => {
    const dir = await makeTempDir('graphform-lock-');
    for (let round = 0; round < 25; round++) {
      const { winner, losers } = await race(dir, 4, round);
      for (const loser of losers) {
        expect(loser).toMatchObject({ code: 'GF_STATE_LOCKED', details: { lockId: winner.id } });
      }
      await winner.release();
      expect(await readdir(path.join(dir, 'state'))).toEqual([]);
    }
  });

  it('a taker that found the holder dead and goes on only after another took the lock removes nothing', async () => {
    const dir = await makeTempDir('graphform-lock-');
    const pid = deadPid();
    await writeLock(dir, { pid });
    const gate = gatedProbe(pid);
    const takers = ['early', 'late'].map((id) => backend(dir, { probe: gate.probe, newLockId: () => id }).lock({ operation: 'apply' }));
    await gate.arrived(2);
    // Whichever reached the gate first goes on alone and takes the lock; only then does the other.
    gate.openFirst();
    const early = await Promise.race(takers);
    expect(early.takenOver?.holder.id).toBe('dead-lock');
    gate.open();
    const late = await rejection(takers[early.id === 'early' ? 1 : 0] as Promise<unknown>);
    expect(late).toMatchObject({ code: 'GF_STATE_LOCKED', details: { lockId: early.id } });
    expect((JSON.parse(await readFile(lockFile(dir), 'utf8')) as { id: string }).id).toBe(early.id);
    await early.release();
  });

  it('a taker killed inside its takeover holds up no one, and of the next takers exactly one wins', async () => {
    const dir = await makeTempDir('graphform-lock-');
    for (let round = 0; round < 10; round++) {
      // What a taker killed between creating its marker and removing the dead lock leaves behind.
      const killed = JSON.stringify({
        id: `killed-${round}`,
        who: 'carol',
        pid: killedPid,
        host: HOST,
        operation: 'apply',
        createdAt: '2026-11-22T09:00:00.000Z',
      });
      await mkdir(path.join(dir, 'state'), { recursive: true });
      await writeFile(takeoverMarker(lockFile(dir), `dead-${round}`, 1), killed);
      const { winner } = await race(dir, 3, round);
      await winner.release();
      expect(await readdir(path.join(dir, 'state'))).toEqual([]);
    }
  });

  it('a taker still at work is waited for however old its marker looks: no clock decides, the dead lock stays until it is done', async () => {
    const dir = await makeTempDir('graphform-lock-');
    await writeLock(dir, { pid: deadPid() });
    const marker = takeoverMarker(lockFile(dir), 'dead-lock', 1);
    await writeFile(
      marker,
      JSON.stringify({
        id: 'busy',
        who: 'dave',
        pid: process.pid,
        host: HOST,
        operation: 'apply',
        createdAt: '',
        pidStart: await systemProcessProbe.start(process.pid),
      }),
    );
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(marker, anHourAgo, anHourAgo);
    const waited = await rejection(backend(dir, { lockTimeoutMs: 100 }).lock({ operation: 'apply' }));
    expect(waited.code).toBe('GF_STATE_LOCKED');
    expect((JSON.parse(await readFile(lockFile(dir), 'utf8')) as { id: string }).id).toBe('dead-lock');
  });

  it('a live taker is what the error says to wait for, not the dead holder, and the unlock it offers names the lock in place', async () => {
    const dir = await makeTempDir('graphform-lock-');
    const gone = deadPid();
    await writeLock(dir, { pid: gone });
    await writeFile(
      takeoverMarker(lockFile(dir), 'dead-lock', 1),
      JSON.stringify({ id: 'busy', who: 'dave', pid: process.pid, host: HOST, operation: 'apply', createdAt: '' }),
    );
    const waited = await rejection(backend(dir).lock({ operation: 'plan' }));
    expect(waited).toMatchObject({ code: 'GF_STATE_LOCKED', details: { lockId: 'busy', replacing: 'dead-lock' } });
    expect(waited.message).toContain(
      `locked by a run that is gone (bob on ${HOST}, "apply": pid ${gone} is not running), and another run is taking the lock over: dave on ${HOST} (pid ${process.pid})`,
    );
    expect(waited.hint).toContain('Wait for that run: the lock is about to be its');
    expect(waited.hint).toContain('`graphform state unlock dead-lock`');
  });

  it('a takeover marker that cannot be read is named, and the dead holder is not waited for', async () => {
    const dir = await makeTempDir('graphform-lock-');
    const gone = deadPid();
    await writeLock(dir, { pid: gone });
    const marker = takeoverMarker(lockFile(dir), 'dead-lock', 1);
    await writeFile(marker, '{"id": ');
    const waited = await rejection(backend(dir).lock({ operation: 'plan' }));
    expect(waited).toMatchObject({ code: 'GF_STATE_LOCKED', details: { lockId: 'dead-lock', marker } });
    expect(waited.message).toContain(
      `locked by a run that is gone (bob on ${HOST}, "apply": pid ${gone} is not running), but the marker of a run taking it over, ${marker}, cannot be read`,
    );
    expect(waited.hint).not.toContain('Wait for that run to finish');
    expect(waited.hint).toContain('If no other graphform run is using this state, remove the stale lock with `graphform state unlock dead-lock`');
  });
});

describe('state unlock', () => {
  it('refuses a local holder that still runs unless forced, and says what it knows', async () => {
    const dir = await makeTempDir('graphform-lock-');
    const b = backend(dir, { newLockId: () => 'live' });
    const held = await b.lock({ operation: 'apply' });
    const refused = await rejection(b.forceUnlock('live'));
    expect(refused.code).toBe('GF_STATE_LOCK_IN_USE');
    expect(refused.message).toContain(`pid ${process.pid} is still running`);
    expect(refused.hint).toContain('graphform state unlock --force live');
    expect(await b.forceUnlock('live', { force: true })).toContain('removed because of --force');
    expect((await rejection(held.release())).code).toBe('GF_STATE_LOCK_LOST');
  });

  it('removes a lock whose holder is gone and says so', async () => {
    const dir = await makeTempDir('graphform-lock-');
    const pid = deadPid();
    await writeLock(dir, { pid });
    expect(await backend(dir).forceUnlock('dead-lock')).toBe(`Its holder is gone: pid ${pid} is not running.`);
  });
});
