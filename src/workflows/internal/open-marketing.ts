import os from 'node:os';
import type { EnvironmentConfig, ResolvedConfig } from '../../config/types.js';
import { marketingSecrets, rememberConfiguredSecrets } from '../../config/secrets.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { rememberSecrets, rememberSecretSource } from '../../http/secret-list.js';
import type { RunningEmulator } from '../../emulator/types.js';
import { createAuthServer, type AuthServer, type MarketingHttp } from '../../marketing/auth-server.js';
import { clientCredentialsSession } from '../../marketing/client-session.js';
import { createOpenApiClient, type OpenApiClient } from '../../marketing/open-api.js';
import { openSession, type TokenSession } from '../../marketing/session.js';
import { credentialsPath } from '../../marketing/store-path.js';
import { openTokenStore, type TokenStore } from '../../marketing/token-store.js';
import type { MarketingApp } from '../../marketing/types.js';
import { requestLog, type WorkflowHost } from '../host.js';

/** The marketing platform as one command uses it: the app, the token store, the authorization server. */
export interface OpenedMarketing {
  app: MarketingApp;
  store: TokenStore;
  server: AuthServer;
  http: MarketingHttp;
  now: () => number;
  /**
   * A token session and an Open API client over it. Under the authorization code: the
   * stored pair (or GRAPHFORM_REFRESH_TOKEN). Under client credentials: a token fetched
   * with the client id and secret, kept in memory; the token store is never touched.
   */
  openApi(): Promise<{ session: TokenSession; client: OpenApiClient }>;
  close(): Promise<void>;
}

/**
 * The app of the config's `marketing:` block; without one, in an environment that runs
 * the embedded emulator, the emulator's demo app (so `auth login` works offline out of
 * the box). The emulator listens on a new port every time, so its tokens are stored
 * under a stable name, `local-emulator:<dataDir>`, rather than its URL. `running` is the
 * emulator the command already started for the graph side, if any: its data directory can
 * be opened by one emulator at a time.
 */
export async function openMarketing(host: WorkflowHost, config: ResolvedConfig, env: EnvironmentConfig, running?: RunningEmulator): Promise<OpenedMarketing> {
  const http: MarketingHttp = {
    timeoutMs: config.http.timeoutMs,
    maxAttempts: config.http.maxAttempts,
    ...requestLog(host),
  };
  const now = (): number => host.now().getTime();
  const store = openTokenStore(credentialsPath(host.variables, () => os.homedir()));
  let app: MarketingApp;
  let close = async (): Promise<void> => undefined;
  if (config.marketingConfigured) {
    const m = config.resolveMarketing();
    app = { issuer: m.authUrl, ...m, description: m.authUrl };
  } else if (env.emulator !== undefined) {
    let emulator = running;
    if (emulator === undefined) {
      const { startEmulator } = await import('../../emulator/index.js');
      const started = await startEmulator({ port: 0, dataDir: env.emulator.dataDir });
      emulator = started;
      close = () => started.close();
    }
    const demo = emulator.marketing.demoApp;
    app = {
      issuer: `local-emulator:${env.emulator.dataDir}`,
      authUrl: emulator.url,
      baseUrl: emulator.url,
      clientId: demo.clientId,
      clientSecret: demo.clientSecret,
      redirectUri: demo.redirectUri,
      grant: 'authorization_code',
      description: `the local emulator's demo app (environment ${env.name})`,
    };
  } else {
    throw new GraphformError(
      'GF_CONFIG_MARKETING_MISSING',
      `The config has no \`marketing:\` block, and environment ${env.name} does not run the local emulator.`,
      {
        hint:
          'Add marketing: { authUrl, baseUrl, clientId, clientSecret, redirectUri } (or grant: client_credentials instead of redirectUri) to the config ' +
          "(see docs/marketing-platform.md), or use `environment: 'local'` to try the emulator's demo app.",
      },
    );
  }
  rememberConfiguredSecrets(config, env);
  rememberSecrets(marketingSecrets(app));
  const server = createAuthServer(app, http);
  return {
    app,
    store,
    server,
    http,
    now,
    async openApi() {
      const session =
        app.grant === 'client_credentials'
          ? clientCredentialsSession(server, now)
          : await openSession({ app, store, server, now, bootstrapRefreshToken: host.variables.GRAPHFORM_REFRESH_TOKEN });
      // The tokens in use join the one list: any client's error or log hides them.
      rememberSecretSource(() => session.secrets());
      return { session, client: createOpenApiClient({ baseUrl: app.baseUrl, session, secrets: [app.clientSecret], http }) };
    },
    close,
  };
}
