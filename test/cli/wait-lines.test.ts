import { describe, expect, it } from 'vitest';
import { waitLines } from '../../src/cli/wait-lines.js';

function stream(isTTY: boolean): { write: (s: string) => boolean; isTTY: boolean; text: () => string } {
  let text = '';
  return { isTTY, write: (s) => ((text += s), true), text: () => text };
}

describe('waitLines', () => {
  it('redraws one line in place on a terminal, and closes it when the wait ends', () => {
    const out = stream(true);
    const lines = waitLines(out);
    lines.update('waiting 0.1s');
    lines.update('waiting 0.3s');
    lines.end();
    lines.end();
    expect(out.text()).toBe('\r\u001b[2Kwaiting 0.1s\r\u001b[2Kwaiting 0.3s\n');
  });

  it('without a terminal, prints nothing for a short wait and a line every interval for a long one', () => {
    const out = stream(false);
    let t = 0;
    const lines = waitLines(out, () => t, 30_000);
    for (t = 0; t <= 95_000; t += 5_000) lines.update(`waiting ${t / 1000}s`);
    lines.end();
    expect(out.text()).toBe('waiting 30s\nwaiting 60s\nwaiting 90s\n');
    const short = stream(false);
    const quick = waitLines(short, () => t);
    quick.update('waiting');
    quick.end();
    expect(short.text()).toBe('');
  });
});
