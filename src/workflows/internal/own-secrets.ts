import { createSecretList, runWithSecrets } from '../../http/secret-list.js';
import type { WorkflowHost } from '../host.js';

/**
 * A workflow that remembers and redacts with the secrets its host carries (a fresh
 * list when it carries none), not the process's: what the package exports, so a script that
 * runs two environments, one after the other or at once, keeps each run's secrets to that run.
 */
export function ownSecrets<I, R>(workflow: (input: I, host: WorkflowHost) => Promise<R>): (input: I, host: WorkflowHost) => Promise<R> {
  return (input, host) => runWithSecrets(host.secrets ?? createSecretList(), () => workflow(input, host));
}
