import type { ChalkInstance } from 'chalk';
import { isGraphformError } from '../diagnostics/errors.js';
import { redact } from '../http/redact.js';
import { escapeControl } from '../render/escape-control.js';
import { hintWithFlags } from './hint-flags.js';

/**
 * Escapes control characters and removes every known secret: the last line of defence, so
 * an error built far from the client that owns a secret (a state server echoing the graph
 * secret, a lock holder's `who` with a token) never prints it.
 */
const e = (text: string): string => escapeControl(redact(text));

/**
 * The one place an exception becomes text. User-facing errors never show a stack. Messages
 * quote names, paths and answers from the user's files and the service: control characters
 * in them are shown escaped.
 */
export function renderError(error: unknown, options: { verbose: boolean; color: ChalkInstance }): string {
  const c = options.color;
  if (isGraphformError(error)) {
    const lines = [`${c.red.bold('Error')} ${c.dim(`[${e(error.code)}]`)}: ${e(error.message)}`];
    if (error.hint)
      lines.push(
        ...hintWithFlags(error.hint)
          .split('\n')
          .map((l) => `  ${e(l)}`),
      );
    if (options.verbose && error.cause instanceof Error) lines.push(c.dim(`  caused by: ${e(error.cause.message)}`));
    return `${lines.join('\n')}\n`;
  }
  if (isSystemError(error)) {
    // The file system or the OS said no (a missing folder, a file in the way, no permission):
    // the user's environment, not a bug.
    return (
      `${c.red.bold('Error')} ${c.dim(`[GF_SYSTEM_${e(error.code)}]`)}: ` +
      `${e(error.message)}\n  Check the path and its permissions, then run the command again.\n`
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  const lines = [`${c.red.bold('Internal error')}: ${e(message)}`, 'This is a bug in graphform; please report it with the output of --verbose.'];
  if (options.verbose && error instanceof Error && error.stack) lines.push(c.dim(e(error.stack)));
  return `${lines.join('\n')}\n`;
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}
