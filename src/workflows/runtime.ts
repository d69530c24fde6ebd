import os from 'node:os';
import type { EnvironmentConfig } from '../config/types.js';
import { environmentSecrets } from '../config/secrets.js';
import { rememberSecrets } from '../http/secret-list.js';
import { openStateBackend } from '../state/open-backend.js';
import type { StateBackend } from '../state/types.js';
import type { CommandContext } from '../cli/context.js';
import { systemProcessProbe } from '../state/process-probe.js';

/** The clock the command runs on (injected in tests). */
export function clock(ctx: CommandContext): () => Date {
  return ctx.io.now ?? (() => new Date());
}

/** The state backend of an environment, with this process as the lock holder. */
export function stateBackendFor(ctx: CommandContext, env: EnvironmentConfig): StateBackend {
  rememberSecrets(environmentSecrets(env));
  return openStateBackend(env.state, {
    now: clock(ctx),
    who: ctx.io.env.GRAPHFORM_LOCK_WHO ?? ctx.io.env.USER ?? ctx.io.env.USERNAME ?? safeUserName(),
    pid: process.pid,
    host: os.hostname(),
    probe: systemProcessProbe,
  });
}

function safeUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}
