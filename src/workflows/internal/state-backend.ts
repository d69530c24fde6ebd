import type { EnvironmentConfig } from '../../config/types.js';
import { environmentSecrets } from '../../config/secrets.js';
import { rememberSecrets } from '../../http/secret-list.js';
import { openCompanionStore, openStateBackend } from '../../state/open-backend.js';
import type { CompanionStore, StateBackend } from '../../state/types.js';
import type { WorkflowHost } from '../host.js';

/** The state backend of an environment, with the workflow's lock holder. */
export function stateBackendFor(host: WorkflowHost, environment: EnvironmentConfig): StateBackend {
  rememberSecrets(environmentSecrets(environment));
  return openStateBackend(environment.state, {
    now: () => host.now(),
    who: host.holder.who,
    pid: host.holder.pid,
    host: host.holder.host,
    ...(host.holder.probe === undefined ? {} : { probe: host.holder.probe }),
  });
}

/** Where snapshots are copied beside an environment's state (remote state only), with the size of a part. */
export function snapshotStoreFor(environment: EnvironmentConfig): { store: CompanionStore; partBytes?: number } | undefined {
  rememberSecrets(environmentSecrets(environment));
  const store = openCompanionStore(environment.state);
  if (store === undefined) return undefined;
  const partBytes = environment.state.backend === 'http' ? environment.state.snapshotPartBytes : undefined;
  return partBytes === undefined ? { store } : { store, partBytes };
}
