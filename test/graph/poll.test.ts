import { describe, expect, it } from 'vitest';
import { pollUntil, type Check } from '../../src/graph/poll.js';

/** A clock the sleep moves: no real time passes. */
function fakeTime(): { now: () => number; sleep: (ms: number) => Promise<void>; pauses: number[] } {
  let t = 0;
  const pauses: number[] = [];
  return {
    now: () => t,
    sleep: async (ms) => {
      pauses.push(ms);
      t += ms;
    },
    pauses,
  };
}

describe('pollUntil', () => {
  it('asks again after growing pauses until the check is done', async () => {
    const time = fakeTime();
    let calls = 0;
    const check = async (): Promise<Check<number>> => ({ state: ++calls === 4 ? 'done' : 'waiting', value: calls });
    const seen: number[] = [];
    const result = await pollUntil(check, { withinMs: 60_000, now: time.now, sleep: time.sleep }, (value) => seen.push(value));
    expect(result).toEqual({ outcome: 'done', value: 4, waitedMs: 475 });
    expect(time.pauses).toEqual([100, 150, 225]);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('gives up at the deadline with what the last check saw, never pausing past it, and pauses at most 10 s', async () => {
    const time = fakeTime();
    const result = await pollUntil(async () => ({ state: 'waiting', value: 'not yet' }), { withinMs: 60_000, now: time.now, sleep: time.sleep });
    expect(result).toEqual({ outcome: 'timeout', value: 'not yet', waitedMs: 60_000 });
    expect(Math.max(...time.pauses)).toBe(10_000);
    expect(time.pauses.reduce((a, b) => a + b, 0)).toBe(60_000);
  });

  it('stops at once on a fatal check, and when the signal aborts during a pause', async () => {
    const time = fakeTime();
    expect(await pollUntil(async () => ({ state: 'fatal', value: 401 }), { withinMs: 1000, now: time.now, sleep: time.sleep })).toEqual({
      outcome: 'fatal',
      value: 401,
      waitedMs: 0,
    });
    const controller = new AbortController();
    const stopped = await pollUntil(async () => ({ state: 'waiting', value: 'x' }), {
      withinMs: 60_000,
      now: time.now,
      signal: controller.signal,
      sleep: async () => controller.abort(),
    });
    expect(stopped.outcome).toBe('stopped');
  });
});
