import type { OutputStream } from './io.js';

const CLEAR_LINE = '\r\u001b[2K';
/**
 * Without a terminal, a wait prints a line once it has lasted this long, then one this
 * often: a CI log shows a long wait is alive, and a short one (the emulator's) adds nothing.
 */
const LOG_INTERVAL_MS = 30_000;

/** Progress of a wait for the service: one line redrawn in place on a terminal, periodic lines otherwise. */
export interface WaitLines {
  /** The wait's state now, as one line without its newline. */
  update(line: string): void;
  /** The wait ended: a line drawn in place is closed, so the next output starts on its own line. */
  end(): void;
}

export function waitLines(stream: OutputStream, now: () => number = Date.now, intervalMs = LOG_INTERVAL_MS): WaitLines {
  const tty = stream.isTTY === true;
  let drawn = false;
  let lastLine: number | undefined;
  return {
    update(line) {
      if (tty) {
        stream.write(`${CLEAR_LINE}${line}`);
        drawn = true;
        return;
      }
      const t = now();
      lastLine ??= t;
      if (t - lastLine < intervalMs) return;
      lastLine = t;
      stream.write(`${line}\n`);
    },
    end() {
      if (drawn) stream.write('\n');
      drawn = false;
      lastLine = undefined;
    },
  };
}
