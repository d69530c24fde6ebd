import { createInterface } from 'node:readline/promises';
import type { CliIO } from './io.js';

/** True when we may ask the user: stdin and stderr are terminals. */
export function canPrompt(io: CliIO): boolean {
  return io.stdin?.isTTY === true && io.stderr.isTTY === true;
}

/** Asks one question on stderr, so stdout stays clean for piping. */
export async function ask(io: CliIO, question: string): Promise<string> {
  if (io.stdin === undefined) return '';
  const rl = createInterface({ input: io.stdin, output: io.stderr as NodeJS.WritableStream, terminal: true });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** A yes/no confirmation where only the word "yes" counts, as Terraform does. */
export async function confirm(io: CliIO, question: string): Promise<boolean> {
  return (await ask(io, `${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `)) === 'yes';
}
