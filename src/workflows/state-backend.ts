import type { EnvironmentConfig } from '../config/types.js';
import { environmentSecrets } from '../config/secrets.js';
import { rememberSecrets } from '../http/secret-list.js';
import { openStateBackend } from '../state/open-backend.js';
import type { StateBackend } from '../state/types.js';
import type { WorkflowEnvironment } from './environment.js';

/** The state backend of an environment, with the workflow's lock holder. */
export function stateBackendFor(env: WorkflowEnvironment, environment: EnvironmentConfig): StateBackend {
  rememberSecrets(environmentSecrets(environment));
  return openStateBackend(environment.state, { now: () => env.now(), who: env.holder.who, pid: env.holder.pid, host: env.holder.host, ...(env.holder.probe === undefined ? {} : { probe: env.holder.probe }) });
}
