import { abortableSleep } from '../http/send.js';

/** How a bounded wait asks again: the clock and the sleep are injected so tests do not sleep. */
export interface PollOptions {
  /** How long, in all, before giving up (not a request's own timeout). */
  withinMs: number;
  /** Resolves early (without throwing) when the signal aborts; default a real, abortable timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds, for the deadline; default Date.now. */
  now?: () => number;
  /** An interrupt: the wait ends at once, with what the last check saw. */
  signal?: AbortSignal;
}

/** What a check saw: done, not yet, or something waiting will not mend (refused credentials). */
export type Check<T> = { state: 'done' | 'waiting' | 'fatal'; value: T };

export type PollOutcome = 'done' | 'timeout' | 'stopped' | 'fatal';

/** The first pause between checks; each next one is half as long again, up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 100;
/**
 * The longest pause: the service takes minutes to propagate a schema, so asking every ten
 * seconds costs little and notices soon enough; the first pauses are short so that the
 * emulator's sub-second delays are waited out in about their own time.
 */
const MAX_PAUSE_MS = 10_000;

/**
 * Checks, then checks again after growing pauses, until the check is done, fatal, the
 * time is up or the signal aborts. `onWaiting` hears each check that was not done, with
 * the time waited so far. Returns how it ended, with the last check's value.
 */
export async function pollUntil<T>(
  check: () => Promise<Check<T>>,
  options: PollOptions,
  onWaiting?: (value: T, waitedMs: number) => void,
): Promise<{ outcome: PollOutcome; value: T; waitedMs: number }> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const started = now();
  let pause = FIRST_PAUSE_MS;
  // A function, not a property read: the signal changes while the sleep awaits.
  const stopped = (): boolean => options.signal?.aborted === true;
  for (;;) {
    const seen = await check();
    const waitedMs = Math.max(0, now() - started);
    if (seen.state === 'done' || seen.state === 'fatal') return { outcome: seen.state, value: seen.value, waitedMs };
    if (stopped()) return { outcome: 'stopped', value: seen.value, waitedMs };
    const left = options.withinMs - waitedMs;
    if (left <= 0) return { outcome: 'timeout', value: seen.value, waitedMs };
    onWaiting?.(seen.value, waitedMs);
    await sleep(Math.min(pause, left), options.signal);
    if (stopped()) return { outcome: 'stopped', value: seen.value, waitedMs: Math.max(0, now() - started) };
    pause = Math.min(MAX_PAUSE_MS, Math.round(pause * 1.5));
  }
}
