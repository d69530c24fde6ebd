import type { StateConfig } from '../config/types.js';
import { TOOL_VERSION } from '../version.js';
import { createCompanionStore } from './companion-store.js';
import { createHttpBackend } from './http-backend.js';
import { createLocalBackend } from './local-backend.js';
import { withSecretsMasked } from './masked-backend.js';
import type { ProcessProbe } from './process-identity.js';
import type { CompanionStore, StateBackend } from './types.js';

export interface OpenBackendOptions {
  now: () => Date;
  /** Who takes locks: a user name, e.g. from $USER, or "ci". */
  who: string;
  pid: number;
  host: string;
  /** This host's processes, for the local lock (see LocalBackendOptions.probe). */
  probe?: ProcessProbe;
}

/** The backend an environment's `state:` config names; what it reads holds no secret (masked-backend.ts). */
export function openStateBackend(config: StateConfig, options: OpenBackendOptions): StateBackend {
  return withSecretsMasked(configuredBackend(config, options));
}

/**
 * Where documents beside the state are kept (a snapshot's copy, for the next runner): on
 * the http backend's server, with its credentials; none for local state, which is on the
 * machine that holds the project's other local files.
 */
export function openCompanionStore(config: StateConfig): CompanionStore | undefined {
  if (config.backend !== 'http') return undefined;
  return createCompanionStore({ address: config.address, username: config.username, password: config.password });
}

function configuredBackend(config: StateConfig, options: OpenBackendOptions): StateBackend {
  switch (config.backend) {
    case 'local':
      return createLocalBackend({ path: config.path, lockTimeoutMs: config.lockTimeoutMs, ...options });
    case 'http':
      return createHttpBackend({
        address: config.address,
        lockAddress: config.lockAddress,
        unlockAddress: config.unlockAddress,
        username: config.username,
        password: config.password,
        lockMethod: config.lockMethod,
        unlockMethod: config.unlockMethod,
        lockTimeoutMs: config.lockTimeoutMs,
        toolVersion: TOOL_VERSION,
        ...options,
      });
    default: {
      const unreachable: never = config;
      throw new Error(`unknown state backend ${JSON.stringify(unreachable)}`);
    }
  }
}
