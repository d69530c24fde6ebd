import type { WorkflowHost } from '../host.js';
import { checkCall, type InputSpec } from './input-check.js';
import { ownSecrets } from './own-secrets.js';

/**
 * A workflow as the package exports it: the call is checked against its input's spec first
 * (GF_USAGE, nothing done), then run with its host's own secrets.
 */
export function libraryWorkflow<I, R>(
  name: string,
  spec: InputSpec<I>,
  workflow: (input: I, host: WorkflowHost) => Promise<R>,
): (input: I, host: WorkflowHost) => Promise<R> {
  const run = ownSecrets(workflow);
  return async (input, host) => {
    checkCall(name, spec, input, host);
    return run(input, host);
  };
}
