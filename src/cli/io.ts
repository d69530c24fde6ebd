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
}
