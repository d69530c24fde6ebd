import { thisProcessHolder } from '../state/this-process.js';
import type { WorkflowHost, WorkflowMessage } from '../workflows/host.js';
import type { CommandContext } from './context.js';

/**
 * The workflows' host as the command line gives it: the process's folder, variables
 * and clock, this process as the lock holder, and every message printed on stderr (warnings,
 * notes and notices in yellow, request logs only under --verbose). `signal` is the interrupt
 * trap's, for the commands that hold the lock or send requests.
 */
export function workflowHostFor(ctx: CommandContext, signal?: AbortSignal): WorkflowHost {
  const verbose = ctx.globals().verbose;
  return {
    cwd: ctx.io.cwd,
    variables: ctx.io.env,
    now: clock(ctx),
    report: (message) => ctx.err(messageLine(ctx, message)),
    verbose,
    holder: thisProcessHolder(ctx.io.env),
    ...(signal === undefined ? {} : { signal }),
  };
}

/** The clock the command runs on (injected in tests). */
export function clock(ctx: CommandContext): () => Date {
  return ctx.io.now ?? (() => new Date());
}

function messageLine(ctx: CommandContext, message: WorkflowMessage): string {
  const yellow = ctx.colorErr().yellow;
  switch (message.kind) {
    case 'warning':
      return yellow(`warning: ${message.text}`);
    case 'note':
      return yellow(`note: ${message.text}`);
    case 'notice':
      return yellow(`Notice: ${message.text}`);
    case 'info':
    case 'log':
      return message.text;
    default: {
      const never: never = message;
      return String(never);
    }
  }
}
