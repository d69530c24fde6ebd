import type { OutputStream } from './io.js';

/** Writes to the process's streams that are safe once their reader is gone. */
export interface GuardedOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
  /** Aborted once stdout is closed (EPIPE, or any other write error). */
  readonly stdoutClosed: AbortSignal;
  /**
   * Resolves once the writes made so far to stdout have reached its reader or failed, and
   * their errors have been reported (they come a tick later).
   */
  settled(): Promise<void>;
}

interface ErrorSource {
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

/** A Node stream (process.stdout): it says through a write's callback when the text has gone, or failed. */
interface CallbackWritable {
  write(chunk: string, callback: (error?: Error | null) => void): unknown;
  readonly writableLength: number;
}

interface GuardedWriter {
  write(text: string): void;
  /** Resolves once no write is waiting for the reader: all went out, or the stream failed. */
  flushed(): Promise<void>;
}

/**
 * A reader that goes away (`graphform plan | head -1`) makes the next write fail with EPIPE,
 * reported asynchronously as an 'error' event that, unhandled, crashes the process with a
 * stack trace. Here a failed stream is marked closed and later writes to it are dropped; a
 * closed stdout aborts `stdoutClosed`, which stops the command as a signal would (see
 * alsoOnClosedOutput). A closed stderr is only dropped: there is nowhere left to say it.
 * The streams themselves stay as they are (a prompt hands stderr to readline).
 */
export function guardOutput(stdout: OutputStream, stderr: OutputStream): GuardedOutput {
  const closed = new AbortController();
  const out = guardedWriter(stdout, () => closed.abort('EPIPE'));
  const err = guardedWriter(stderr, () => undefined);
  return {
    writeOut: out.write,
    writeErr: err.write,
    stdoutClosed: closed.signal,
    // A pipe takes about 64 KiB; the rest of a larger output waits in the stream, and a reader
    // that goes away later fails it only then. Waiting for it keeps that EPIPE inside the
    // command, so it still ends with 141 instead of the command's own exit code.
    settled: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await out.flushed();
    },
  };
}

function guardedWriter(stream: OutputStream, onClose: () => void): GuardedWriter {
  let open = true;
  let waiting = 0;
  let onIdle: (() => void)[] = [];
  const wakeIfIdle = (): void => {
    if (open && waiting > 0) return;
    const wake = onIdle;
    onIdle = [];
    for (const resolve of wake) resolve();
  };
  const close = (): void => {
    if (!open) return;
    open = false;
    onClose();
    wakeIfIdle();
  };
  if (hasErrorEvents(stream)) stream.on('error', close);
  const send = (text: string): void => {
    if (!isCallbackWritable(stream)) {
      stream.write(text);
      return;
    }
    waiting += 1;
    stream.write(text, (error) => {
      waiting -= 1;
      if (error !== undefined && error !== null) close();
      wakeIfIdle();
    });
  };
  return {
    write: (text) => {
      if (!open) return;
      try {
        send(text);
      } catch {
        // A stream that reports a closed reader by throwing (a destroyed socket, a test's stream).
        close();
      }
    },
    flushed: () =>
      new Promise((resolve) => {
        onIdle.push(resolve);
        wakeIfIdle();
      }),
  };
}

function isCallbackWritable(stream: OutputStream): stream is OutputStream & CallbackWritable {
  return typeof (stream as Partial<CallbackWritable>).writableLength === 'number';
}

function hasErrorEvents(stream: OutputStream): stream is OutputStream & ErrorSource {
  return typeof (stream as Partial<ErrorSource>).on === 'function';
}
