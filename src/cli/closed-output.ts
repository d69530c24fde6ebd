import type { OutputStream } from './io.js';

/** Writes to the process's streams that are safe once their reader is gone. */
export interface GuardedOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
  /** Aborted once stdout is closed (EPIPE, or any other write error). */
  readonly stdoutClosed: AbortSignal;
  /** Resolves once the errors of the writes made so far have been reported (they come a tick later). */
  settled(): Promise<void>;
}

interface ErrorSource {
  on(event: 'error', listener: (error: unknown) => void): unknown;
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
  return {
    writeOut: guardedWriter(stdout, () => closed.abort('EPIPE')),
    writeErr: guardedWriter(stderr, () => undefined),
    stdoutClosed: closed.signal,
    settled: () => new Promise((resolve) => setImmediate(resolve)),
  };
}

function guardedWriter(stream: OutputStream, onClose: () => void): (text: string) => void {
  let open = true;
  const close = (): void => {
    if (!open) return;
    open = false;
    onClose();
  };
  if (hasErrorEvents(stream)) stream.on('error', close);
  return (text) => {
    if (!open) return;
    try {
      stream.write(text);
    } catch {
      // A stream that reports a closed reader by throwing (a destroyed socket, a test's stream).
      close();
    }
  };
}

function hasErrorEvents(stream: OutputStream): stream is OutputStream & ErrorSource {
  return typeof (stream as Partial<ErrorSource>).on === 'function';
}
