import { createInterface } from 'node:readline';
import { cancelled } from './interrupts.js';
import type { CliIO } from './io.js';

/** True when we may ask the user: stdin and stderr are terminals. */
export function canPrompt(io: CliIO): boolean {
  return io.stdin?.isTTY === true && io.stderr.isTTY === true;
}

/**
 * Asks one question on stderr, so stdout stays clean for piping. Ctrl+C (SIGINT on the
 * line) and Ctrl+D (end of input) cancel: the promise rejects with GF_CANCELLED instead of
 * hanging or surfacing readline's own error.
 */
export async function ask(io: CliIO, question: string): Promise<string> {
  const input = io.stdin;
  if (input === undefined) return '';
  const rl = createInterface({ input, output: io.stderr as NodeJS.WritableStream, terminal: true });
  try {
    return await new Promise<string>((resolve, reject) => {
      let answered = false;
      rl.on('SIGINT', () => reject(cancelled()));
      rl.on('close', () => {
        if (!answered) reject(cancelled());
      });
      rl.question(question, (answer) => {
        answered = true;
        resolve(answer.trim());
      });
    });
  } finally {
    rl.close();
  }
}

/** A yes/no confirmation where only the word "yes" counts, as Terraform does. */
export async function confirm(io: CliIO, question: string): Promise<boolean> {
  return (await ask(io, `${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `)) === 'yes';
}
