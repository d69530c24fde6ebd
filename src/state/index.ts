export { createHttpBackend, type HttpBackendOptions } from './http-backend.js';
export { createLocalBackend, type LocalBackendOptions } from './local-backend.js';
export { formatAge, lockHeldError, parseLockInfo } from './lock-info.js';
export { openStateBackend, type OpenBackendOptions } from './open-backend.js';
export { parseState, serializeState } from './state-format.js';
export { withStateLock } from './with-lock.js';
export { emptyState, stateDefinitions, stateEntry, withoutSource, withSource } from './state.js';
export { STATE_FORMAT_VERSION, type LockInfo, type State, type StateBackend, type StateLock, type StateSourceEntry } from './types.js';
