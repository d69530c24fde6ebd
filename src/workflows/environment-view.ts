import type { EmulatorEnvironmentConfig, EnvironmentConfig, WaitConfig } from '../config/types.js';
import { safeUrl } from '../state/http-backend.js';

/**
 * An environment as workflow results and hooks show it: where it points and how it is set
 * up, and nothing that would let someone else use it. Scripts write results into logs and
 * pull request comments (`JSON.stringify(result)`), so the graph secret, the singleKey and
 * the state server's password never enter them; nor do the app key and the state username
 * (each half of a credential pair, of no use to a reader), nor the userinfo and query of the
 * state addresses, where servers take tokens.
 */
export interface EnvironmentView {
  name: string;
  /** The service's root URL; absent when the embedded emulator is used. */
  graphUrl?: string;
  /** How requests are signed. */
  auth?: { scheme: 'basic' | 'hmac' };
  emulator?: EmulatorEnvironmentConfig;
  state:
    | { backend: 'local'; path: string; lockTimeoutMs: number }
    | { backend: 'http'; address: string; lockAddress: string; unlockAddress: string; lockTimeoutMs: number };
  refresh: boolean;
  keep: boolean;
  prune: boolean;
  wait: WaitConfig;
}

/** The environment without its credentials (see EnvironmentView). */
export function environmentView(environment: EnvironmentConfig): EnvironmentView {
  const { name, graphUrl, auth, emulator, state, refresh, keep, prune, wait } = environment;
  return {
    name,
    // graphUrl holds no credentials: the config and the client refuse one with userinfo or a query.
    ...(graphUrl === undefined ? {} : { graphUrl }),
    ...(auth === undefined ? {} : { auth: { scheme: auth.scheme } }),
    ...(emulator === undefined ? {} : { emulator }),
    state:
      state.backend === 'local'
        ? { backend: 'local', path: state.path, lockTimeoutMs: state.lockTimeoutMs }
        : {
            backend: 'http',
            address: safeUrl(state.address),
            lockAddress: safeUrl(state.lockAddress),
            unlockAddress: safeUrl(state.unlockAddress),
            lockTimeoutMs: state.lockTimeoutMs,
          },
    refresh,
    keep,
    prune,
    wait: { ...wait },
  };
}
