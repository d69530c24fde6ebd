import { isGraphformError } from '../diagnostics/errors.js';
import type { SourceDefinition } from '../model/types.js';
import { stateDefinitions } from '../state/state.js';
import type { CommandContext } from '../cli/context.js';
import { stateBackendFor } from './runtime.js';

/**
 * The sources recorded in the environment's state, for name-collision checks in commands
 * that only read (validate). A state that cannot be read (offline, missing secret) must
 * not stop validation: it is noted on stderr and the check runs without it.
 */
export async function readStateSourcesLeniently(ctx: CommandContext): Promise<Record<string, SourceDefinition>> {
  try {
    const env = await ctx.environment();
    return stateDefinitions(await stateBackendFor(ctx, env).read());
  } catch (error) {
    if (!isGraphformError(error)) throw error;
    ctx.err(ctx.colorErr().yellow(`note: state not read (${error.message.split('\n')[0] ?? ''}); names of sources only in state are not checked.`));
    return {};
  }
}
