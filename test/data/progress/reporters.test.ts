import { describe, expect, it } from 'vitest';
import { formatProgressText } from '../../../src/data/progress/format-progress.js';
import { createBarReporter, createLineReporter } from '../../../src/data/progress/reporters.js';
import type { ProgressSnapshot } from '../../../src/data/types.js';

const snap = (items: number, bytes: number, phase: ProgressSnapshot['phase'] = 'validate'): ProgressSnapshot => ({
  phase,
  items,
  totalItems: phase === 'send' ? 1000 : undefined,
  bytes,
  totalBytes: phase === 'validate' ? 10 * 1024 * 1024 : undefined,
  batches: items / 100,
  failedBatches: 0,
});

describe('progress text', () => {
  it.each([
    [snap(500, 5 * 1024 * 1024), 2, 'validating   50%  500 items  5.0 MiB  2.5 MiB/s  ETA 2s'],
    [snap(1000, 10 * 1024 * 1024), 4, 'validating  100%  1,000 items  10.0 MiB  2.5 MiB/s'],
    [snap(300, 1024, 'send'), 0, 'sending      30%  300/1,000 items  3 batches  1.0 KiB'],
  ])('%#', (snapshot, seconds, expected) => {
    expect(formatProgressText(snapshot, seconds)).toBe(expected);
  });

  it('shows no rate before a second has passed: the first tick would read as an absurd speed', () => {
    expect(formatProgressText(snap(1, 4 * 1024 * 1024), 0.001)).not.toMatch(/\/s/);
    expect(formatProgressText(snap(1, 4 * 1024 * 1024), 1)).toContain('4.0 MiB/s');
  });
});

describe('reporters', () => {
  it('redraws the bar at most every 100 ms and ends the line when done', () => {
    let t = 0;
    const out: string[] = [];
    const bar = createBarReporter({ write: (s) => out.push(s), now: () => t });
    for (let i = 1; i <= 50; i++) {
      t += 10;
      bar.update(snap(i * 10, i * 200 * 1024));
    }
    bar.done(snap(500, 10 * 1024 * 1024));
    expect(out.length).toBe(7);
    expect(out.slice(0, -1).every((s) => s.startsWith('\r\u001b[2K'))).toBe(true);
    expect(out[out.length - 2]).toContain('█'.repeat(24));
    expect(out.at(-1)).toBe('\n');
  });

  it('stays quiet for a phase shorter than one interval', () => {
    let t = 0;
    const out: string[] = [];
    const lines = createLineReporter({ write: (s) => out.push(s), now: () => t, intervalMs: 1000 });
    lines.update(snap(1, 1024));
    t += 500;
    lines.done(snap(2, 2048));
    expect(out).toEqual([]);
  });

  it('writes a line every interval and one at the end of each phase', () => {
    let t = 0;
    const out: string[] = [];
    const lines = createLineReporter({ write: (s) => out.push(s), now: () => t, intervalMs: 1000 });
    for (let i = 1; i <= 35; i++) {
      t += 100;
      lines.update(snap(i, i * 1024));
    }
    lines.done(snap(35, 35 * 1024));
    lines.update(snap(0, 0, 'send'));
    t += 3000;
    lines.update(snap(500, 2048, 'send'));
    lines.done(snap(1000, 4096, 'send'));
    expect(out).toHaveLength(6);
    expect(out.every((l) => l.endsWith('\n') && !l.includes('\r'))).toBe(true);
    expect(out.at(-1)).toMatch(/^sending: 100%, 1,000\/1,000 items, 10 batches, 4.0 KiB/);
  });
});
