import type { ServiceWaits } from '../../apply/service-waits.js';
import type { EnvironmentConfig, HttpConfig } from '../../config/types.js';
import { waitForSchema } from '../../graph/schema-wait.js';
import { waitForServed } from '../../graph/served.js';
import { requestLog, type WorkflowHost } from '../host.js';
import type { OpenedEnvironment } from './open-environment.js';
import { contentEndpointFor } from '../../keep/wipe-counts.js';

/**
 * The environment's waits for GraphQL, asked with its graph credentials, bounded by its
 * `wait:` timeouts and ended by the workflow's stop signal. Undefined where the environment
 * has no credentials for its content GraphQL (it always has: graphUrl needs auth).
 */
export function serviceWaits(host: WorkflowHost, environment: EnvironmentConfig, opened: OpenedEnvironment, http: HttpConfig): ServiceWaits | undefined {
  const endpoint = contentEndpointFor(environment, opened);
  if (endpoint === undefined) return undefined;
  const common = {
    timeoutMs: http.timeoutMs,
    maxAttempts: http.maxAttempts,
    ...requestLog(host),
    ...(host.signal === undefined ? {} : { signal: host.signal }),
  };
  const { schemaTimeoutMs, servedTimeoutMs } = environment.wait;
  return {
    schemaTimeoutMs,
    servedTimeoutMs,
    schema: (declaration, onWaiting) => waitForSchema(endpoint, declaration.definition, { ...common, withinMs: schemaTimeoutMs }, onWaiting),
    served: (tally, onWaiting, withinMs = servedTimeoutMs) => waitForServed(endpoint, tally, { ...common, withinMs }, onWaiting),
  };
}
