import type { InterruptTrap } from './interrupts.js';

/**
 * Everything the CLI may touch of the process, passed in so tests run main() in-process.
 */
export interface OutputStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
}

export interface CliIO {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Standard input, when a confirmation is needed; absent or non-TTY means "cannot ask". */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /** Injected clock, so plans and state carry testable timestamps. */
  now?: () => Date;
  /**
   * Catches SIGINT and SIGTERM for a command that holds the state lock or sends requests,
   * so it can stop cleanly. Absent: interrupts are not caught.
   */
  trapInterrupts?: () => InterruptTrap;
}
