import { GraphformError, isGraphformError } from '../../diagnostics/errors.js';
import type { EnvironmentConfig, ResolvedConfig } from '../../config/types.js';
import type { RunningEmulator } from '../../emulator/types.js';
import { rememberConfiguredSecrets } from '../../config/secrets.js';
import { createGraphClient } from '../../graph/client.js';
import { basicPair } from '../../http/secret-forms.js';
import { rememberSecrets } from '../../http/secret-list.js';
import type { GraphClient } from '../../graph/types.js';
import { requestLog, type WorkflowHost } from '../host.js';

export interface OpenedEnvironment {
  client: GraphClient;
  /** Human description for output: "local emulator (…)" or the service URL. */
  description: string;
  /** The embedded emulator, when the environment runs one: its marketing platform side serves the same command. */
  emulator?: RunningEmulator;
  close(): Promise<void>;
}

/**
 * A graph client for the environment: the remote service, or the embedded emulator started
 * in-process on an ephemeral loopback port (loaded only here, so other commands stay fast).
 */
export async function openEnvironment(host: WorkflowHost, config: ResolvedConfig, env: EnvironmentConfig): Promise<OpenedEnvironment> {
  rememberConfiguredSecrets(config, env);
  const common = {
    timeoutMs: config.http.timeoutMs,
    maxAttempts: config.http.maxAttempts,
    ...requestLog(host),
  };
  if (env.emulator !== undefined) {
    const { startEmulator } = await import('../../emulator/index.js');
    const emulator = await startEmulator({
      port: 0,
      dataDir: env.emulator.dataDir,
      ...(env.emulator.maxSources === undefined ? {} : { maxSources: env.emulator.maxSources }),
      ...(env.emulator.cmsTypes === undefined ? {} : { cmsTypes: env.emulator.cmsTypes }),
      schemaDelayMs: env.emulator.schemaDelayMs,
      indexingLagMs: env.emulator.indexingLagMs,
      ...(env.emulator.itemFields === undefined ? {} : { itemFields: env.emulator.itemFields }),
    }).catch((error: unknown) => {
      throw withEmbeddedHint(error, env.name);
    });
    rememberSecrets([emulator.credentials.secret, basicPair(emulator.credentials.appKey, emulator.credentials.secret)]);
    const client = createGraphClient({ baseUrl: emulator.url, auth: { scheme: 'hmac', ...emulator.credentials }, ...common });
    return { client, description: `local emulator (${emulator.url})`, emulator, close: () => emulator.close() };
  }
  if (env.graphUrl === undefined || env.auth === undefined) {
    throw new Error(`environment ${env.name} resolved without graphUrl and auth`);
  }
  const client = createGraphClient({ baseUrl: env.graphUrl, auth: env.auth, ...common });
  return { client, description: env.graphUrl, close: async () => undefined };
}

/**
 * How prompts name where changes go: the environment's name and the service it stands
 * for, never the embedded emulator's ephemeral port, which means nothing to the user.
 */
export function targetName(env: Pick<EnvironmentConfig, 'name' | 'graphUrl' | 'emulator'>): string {
  return `environment ${env.name} (${env.emulator !== undefined ? 'the embedded local emulator' : (env.graphUrl ?? 'unknown service')})`;
}

/**
 * The embedded emulator cannot open a data folder a running `graphform emulator` holds:
 * the emulator's own hint (another `dataDir`) is no choice for plan or apply, which take
 * theirs from the config. Either stop that one, or plan against it over HTTP.
 */
function withEmbeddedHint(error: unknown, environment: string): unknown {
  if (!isGraphformError(error) || error.code !== 'GF_EMULATOR_DATA_DIR_LOCKED') return error;
  return new GraphformError(error.code, error.message, {
    details: error.details,
    hint:
      `Environment ${environment} runs the emulator in this process, on that folder, which another graphform process holds: ` +
      `a plan or apply against ${environment} (wait for it to end), or \`graphform emulator\` (stop it with Ctrl+C, ` +
      'or keep it and plan against it: add an environment with its graphUrl and credentials, see docs/emulator.md, and pass `--env` with its name).',
    cause: error,
  });
}
