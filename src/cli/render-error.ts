import type { ChalkInstance } from 'chalk';
import { isGraphformError } from '../diagnostics/errors.js';

/** The one place an exception becomes text. User-facing errors never show a stack. */
export function renderError(error: unknown, options: { verbose: boolean; color: ChalkInstance }): string {
  const c = options.color;
  if (isGraphformError(error)) {
    const lines = [`${c.red.bold('Error')} ${c.dim(`[${error.code}]`)}: ${error.message}`];
    if (error.hint) lines.push(...error.hint.split('\n').map((l) => `  ${l}`));
    if (options.verbose && error.cause instanceof Error) lines.push(c.dim(`  caused by: ${error.cause.message}`));
    return `${lines.join('\n')}\n`;
  }
  if (isSystemError(error)) {
    // The file system or the OS said no (a missing folder, a file in the way, no permission):
    // the user's environment, not a bug.
    return `${c.red.bold('Error')} ${c.dim(`[GF_SYSTEM_${error.code}]`)}: ${error.message}\n  Check the path and its permissions, then run the command again.\n`;
  }
  const message = error instanceof Error ? error.message : String(error);
  const lines = [`${c.red.bold('Internal error')}: ${message}`, 'This is a bug in graphform; please report it with the output of --verbose.'];
  if (options.verbose && error instanceof Error && error.stack) lines.push(c.dim(error.stack));
  return `${lines.join('\n')}\n`;
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}
