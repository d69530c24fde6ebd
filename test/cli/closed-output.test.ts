import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardOutput } from '../../src/cli/closed-output.js';

/**
 * A stream whose writes wait in it until the test says how they end: what a pipe does with
 * output beyond the ~64 KiB it holds, whose reader may go away only later.
 */
function heldStream(): { stream: Writable; fail: () => void; flush: () => void } {
  const waiting: ((error?: Error | null) => void)[] = [];
  const stream = new Writable({
    write(_chunk, _encoding, done) {
      waiting.push(done);
    },
  });
  return {
    stream,
    fail: () => waiting.shift()?.(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })),
    flush: () => waiting.shift()?.(),
  };
}

describe('guardOutput', () => {
  it('settles only once stdout has taken what was written, so a reader that goes away later still closes it', async () => {
    const { stream, fail } = heldStream();
    const output = guardOutput(stream, { write: () => undefined });
    output.writeOut('a plan larger than the pipe holds\n');
    let settled = false;
    const done = output.settled().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    fail();
    await done;
    expect(output.stdoutClosed.aborted).toBe(true);
  });

  it('settles with stdout open once the waiting write has gone out', async () => {
    const { stream, flush } = heldStream();
    const output = guardOutput(stream, { write: () => undefined });
    output.writeOut('text\n');
    const done = output.settled();
    flush();
    await done;
    expect(output.stdoutClosed.aborted).toBe(false);
  });

  it('settles at once for a stream that cannot say when a write has gone (a test double)', async () => {
    let text = '';
    const output = guardOutput({ write: (s: string) => (text += s) }, { write: () => undefined });
    output.writeOut('text\n');
    await output.settled();
    expect(text).toBe('text\n');
    expect(output.stdoutClosed.aborted).toBe(false);
  });
});
