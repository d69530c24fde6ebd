import type { EnvironmentConfig } from '../../config/types.js';
import { isGraphformError } from '../../diagnostics/errors.js';
import type { SourceDefinition } from '../../model/types.js';
import { stateDefinitions } from '../../state/state.js';
import type { WorkflowHost } from '../host.js';
import { stateBackendFor } from './state-backend.js';

/**
 * The sources recorded in the environment's state, for name-collision checks in commands
 * that only read (validate). A state that cannot be read (offline, missing secret) must
 * not stop validation: it is reported as a note and the check runs without it.
 */
export async function readStateSourcesLeniently(host: WorkflowHost, environment: () => Promise<EnvironmentConfig>): Promise<Record<string, SourceDefinition>> {
  try {
    return stateDefinitions(await stateBackendFor(host, await environment()).read());
  } catch (error) {
    // An invalid config is the command's own error, reported once, not a note about state.
    if (!isGraphformError(error) || error.code === 'GF_CONFIG_INVALID') throw error;
    const why = error.message
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join(' ');
    host.report({ kind: 'note', text: `state not read (${why}); names of sources only in state are not checked.` });
    return {};
  }
}
