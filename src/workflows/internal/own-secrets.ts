import { createSecretList, runWithSecrets } from '../../http/secret-list.js';
import type { WorkflowEnvironment } from '../host.js';

/**
 * A workflow that remembers and redacts with the secrets its environment carries (a fresh
 * list when it carries none), not the process's: what the package exports, so a script that
 * runs two environments, one after the other or at once, keeps each run's secrets to that run.
 */
export function ownSecrets<I, R>(workflow: (input: I, env: WorkflowEnvironment) => Promise<R>): (input: I, env: WorkflowEnvironment) => Promise<R> {
  return (input, env) => runWithSecrets(env.secrets ?? createSecretList(), () => workflow(input, env));
}
