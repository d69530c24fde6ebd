import type { ProgressReporter, ProgressSnapshot } from '../types.js';
import { formatProgressLine, formatProgressText, fractionDone, progressBar } from './format-progress.js';

export interface ReporterOptions {
  /** Where to draw: the shell passes stderr's write. */
  write: (text: string) => void;
  /** Milliseconds. */
  now: () => number;
}

const BAR_WIDTH = 24;
const CLEAR_LINE = '\r\u001b[2K';

/** A bar redrawn in place, at most every `intervalMs` (100 ms: ten times a second). */
export function createBarReporter(options: ReporterOptions & { intervalMs?: number }): ProgressReporter {
  const interval = options.intervalMs ?? 100;
  const phaseStart = new Map<string, number>();
  let lastDraw = Number.NEGATIVE_INFINITY;
  const draw = (s: ProgressSnapshot): void => {
    const started = phaseStart.get(s.phase) ?? options.now();
    phaseStart.set(s.phase, started);
    const fraction = fractionDone(s);
    const bar = fraction === undefined ? '' : `${progressBar(fraction, BAR_WIDTH)} `;
    options.write(`${CLEAR_LINE}${bar}${formatProgressText(s, (options.now() - started) / 1000)}`);
  };
  return {
    update(s) {
      if (!phaseStart.has(s.phase)) phaseStart.set(s.phase, options.now());
      const t = options.now();
      if (t - lastDraw < interval) return;
      lastDraw = t;
      draw(s);
    },
    done(s) {
      draw(s);
      options.write('\n');
      lastDraw = Number.NEGATIVE_INFINITY;
    },
  };
}

/**
 * For logs and CI: one line every `intervalMs` (5 s), and a closing line for a phase that
 * lasted long enough to print one; short pushes leave the log to the final summary.
 */
export function createLineReporter(options: ReporterOptions & { intervalMs?: number }): ProgressReporter {
  const interval = options.intervalMs ?? 5000;
  const phaseStart = new Map<string, number>();
  const printed = new Set<string>();
  let lastLine = Number.NEGATIVE_INFINITY;
  const line = (s: ProgressSnapshot): void => {
    printed.add(s.phase);
    const started = phaseStart.get(s.phase) ?? options.now();
    options.write(`${formatProgressLine(s, (options.now() - started) / 1000)}\n`);
  };
  return {
    update(s) {
      const t = options.now();
      if (!phaseStart.has(s.phase)) {
        phaseStart.set(s.phase, t);
        lastLine = t;
        return;
      }
      if (t - lastLine < interval) return;
      lastLine = t;
      line(s);
    },
    done(s) {
      if (printed.has(s.phase)) line(s);
    },
  };
}

/** Reports nothing: for --format json and for library callers that want silence. */
export const silentReporter: ProgressReporter = { update: () => undefined, done: () => undefined };
