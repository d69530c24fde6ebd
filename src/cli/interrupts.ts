/**
 * SIGINT and SIGTERM while a command holds the state lock or sends requests: the first
 * one asks the command to stop taking new work (its AbortSignal fires); the command lets
 * the request in flight end, writes state, releases the lock and exits 130 or 143. A
 * second signal stops the process at once. A closed stdout (EPIPE: `graphform apply | head`)
 * stops it the same way, as SIGPIPE would, and the exit code is SIGPIPE's, 141.
 */
import { GraphformError } from '../diagnostics/errors.js';

export type InterruptName = 'SIGINT' | 'SIGTERM' | 'SIGPIPE';

/** Ctrl+C or Ctrl+D at a prompt: the CLI prints "Cancelled." and exits 130. */
export const CANCELLED = 'GF_CANCELLED';

export function cancelled(): GraphformError {
  return new GraphformError(CANCELLED, 'Cancelled.');
}

export interface InterruptTrap {
  /** Aborted by the first interrupt. */
  readonly signal: AbortSignal;
  /** The interrupt received, if any. */
  received(): InterruptName | undefined;
  /** Gives the signals back to their default behaviour. */
  release(): void;
}

/** The conventional exit status of a process stopped by the signal: 128 + its number. */
export const INTERRUPT_EXIT_CODES: Readonly<Record<InterruptName, number>> = { SIGINT: 130, SIGTERM: 143, SIGPIPE: 141 };

/** A trap that never fires: for callers that have no process signals (tests, the library). */
export function noInterrupts(): InterruptTrap {
  const controller = new AbortController();
  return { signal: controller.signal, received: () => undefined, release: () => undefined };
}

/** A trap fired by hand: what process.ts installs on real signals, and what tests drive. */
export function manualInterrupts(): InterruptTrap & { fire(name: InterruptName): void } {
  const controller = new AbortController();
  let received: InterruptName | undefined;
  return {
    signal: controller.signal,
    received: () => received,
    release: () => undefined,
    fire(name) {
      received ??= name;
      controller.abort(name);
    },
  };
}

/** The exit code for a command that an interrupt stopped, or `code` when none came. */
export function exitCodeAfter(trap: InterruptTrap, code: number): number {
  const received = trap.received();
  return received === undefined ? code : INTERRUPT_EXIT_CODES[received];
}

/**
 * `trap`, fired as well when `closed` aborts (stdout was closed): the command stops as for
 * a signal, and the first of the two names the exit code. Releasing it releases `trap`.
 */
export function alsoOnClosedOutput(trap: InterruptTrap, closed: AbortSignal, onClosed: () => void = () => undefined): InterruptTrap {
  const controller = new AbortController();
  let first: InterruptName | undefined;
  const stop = (name: InterruptName | undefined): void => {
    first ??= name;
    controller.abort(name);
  };
  const onTrap = (): void => stop(trap.received());
  const onClose = (): void => {
    if (first === undefined) onClosed();
    stop('SIGPIPE');
  };
  for (const [signal, listener] of [
    [trap.signal, onTrap],
    [closed, onClose],
  ] as const) {
    if (signal.aborted) listener();
    else signal.addEventListener('abort', listener, { once: true });
  }
  return {
    signal: controller.signal,
    received: () => first ?? trap.received(),
    release: () => {
      trap.signal.removeEventListener('abort', onTrap);
      closed.removeEventListener('abort', onClose);
      trap.release();
    },
  };
}
