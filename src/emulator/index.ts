import type { AddressInfo } from 'node:net';
import { GraphformError } from '../diagnostics/errors.js';
import { AuthVerifier } from './server/api-credentials.js';
import { OPEN_API_PREFIX } from './assets/paths.js';
import { AUTH_PREFIX } from './auth/paths.js';
import { AuthState } from './auth/state.js';
import { ensureDataDir } from './server/data-dir.js';
import { lockDataDir } from './server/data-dir-lock.js';
import { FaultInjector } from './server/faults.js';
import { graphRoutes } from './graph/routes.js';
import type { ContentSourceV3 } from './graph/wire-definition.js';
import { GRAPHIQL_PREFIX } from './graphiql/paths.js';
import { graphqlService } from './graphql/routes.js';
import { isWildcardHost, ownHostNames } from './server/host-check.js';
import { createInspector } from './server/inspector.js';
import { createMarketing } from './server/marketing.js';
import { resolveEmulatorOptions } from './server/options.js';
import { diskPersistence, memoryPersistence, type Persistence } from './server/persistence.js';
import { Repository } from './server/repository.js';
import { RequestLog } from './server/request-log.js';
import { text } from './server/respond.js';
import { joinRoutes, lazyService } from './server/route-table.js';
import { createEmulatorServer } from './server/server.js';
import { DEFAULT_CMS_TYPES, type CmsSource } from './sources/cms.js';
import { sourcesRoutes } from './sources/routes.js';
import { IndexingLag, ObservedStore, SchemaPropagation } from './server/service-delays.js';
import { FieldIndexing } from './items/field-indexing.js';
import type { EmulatorOptions, RunningEmulator } from './types.js';

export { EMULATOR_DEFAULTS, generateCredentials, generateSingleKey, isLoopbackHost } from './server/options.js';
export { isWildcardHost } from './server/host-check.js';
export { ITEM_FIELD_NAMES, ITEM_FIELDS_SERVED_BY_DEFAULT } from './types.js';
export type * from './types.js';

/** The CMS's types: as given (and kept), else as kept from an earlier start, else the built-in set. */
async function cmsSource(given: ContentSourceV3 | undefined, persistence: Persistence): Promise<CmsSource> {
  if (given !== undefined) {
    await persistence.saveCms(given);
    return { definition: given };
  }
  return { definition: (await persistence.loadCms()) ?? structuredClone(DEFAULT_CMS_TYPES) };
}

/**
 * Starts a local graph service on a loopback port: the types, data and sources endpoints
 * with the rules docs/emulator.md lists (contract and published API), the CMS's own source, the content GraphQL
 * endpoint (/content/v2, with its read key), the marketing
 * platform's authorization server and Open API (assets), plus an unauthenticated control
 * API under /_emulator/ (inspection, request log, fault injection, clock, reset).
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const o = resolveEmulatorOptions(options);
  let release: (() => Promise<void>) | undefined;
  const store = new ObservedStore();
  let persistence = memoryPersistence();
  let cms: CmsSource;
  let authState: AuthState;
  const openAuth = (): Promise<AuthState> => AuthState.open({ dataDir: o.dataDir, now: o.now, apps: o.apps, demoApp: o.demoApp });
  if (o.dataDir !== undefined) {
    await ensureDataDir(o.dataDir);
    release = await lockDataDir(o.dataDir);
    persistence = diskPersistence(o.dataDir);
    try {
      await persistence.load(store);
      cms = await cmsSource(o.cmsTypes, persistence);
      authState = await openAuth();
    } catch (error) {
      await release();
      throw error;
    }
  } else {
    cms = await cmsSource(o.cmsTypes, persistence);
    authState = await openAuth();
  }

  // GraphQL sees definitions and items through the service's delays; everything else at once.
  const propagation = new SchemaPropagation(store, o.schemaDelayMs);
  const lag = new IndexingLag(persistence.items, o.indexingLagMs);
  const indexing = new FieldIndexing(lag.store, (id) => propagation.served.get(id)?.definition);
  const repo = new Repository(store, { ...persistence, items: indexing.store }, o.maxSources);
  const auth = new AuthVerifier(o.credentials, o.skewMs, o.now);
  const faults = new FaultInjector();
  const log = new RequestLog(options.onRequest);
  const inspect = createInspector({ repo, cms, log, faults, auth, authState });
  const marketing = createMarketing(authState, o.assets);
  const closing = new AbortController();
  const graph = {
    prefix: '/api/content/',
    routes: joinRoutes(graphRoutes({ repo, cms, maxLineBytes: o.maxLineBytes }), sourcesRoutes({ repo, cms })),
    credentials: auth,
    error: text,
  };
  const rateLimit = o.assetsRateLimit;
  // The marketing platform's services load on their first request: a plan or apply never calls them.
  const services = [
    graph,
    graphqlService({
      store: propagation.served,
      items: lag.served,
      unindexed: (id, lang, itemId) => indexing.unindexed(id, lang, itemId),
      singleKey: o.singleKey,
      auth,
      now: o.now,
      itemFields: o.itemFields,
      corsOrigins: o.corsOrigins,
    }),
    // GraphiQL's files are read from disk only when its page is asked for.
    lazyService(GRAPHIQL_PREFIX, async () => (await import('./graphiql/routes.js')).graphiqlService()),
    lazyService(AUTH_PREFIX, async () => (await import('./auth/routes.js')).authService(authState)),
    lazyService(OPEN_API_PREFIX, async () => {
      const [{ openApiService }, { RateLimiter }] = await Promise.all([import('./assets/routes.js'), import('./assets/rate-limit.js')]);
      return openApiService({ auth: authState, assets: o.assets, limiter: rateLimit === undefined ? undefined : new RateLimiter(rateLimit, authState.now) });
    }),
  ];
  const api = { services, faults, maxBodyBytes: o.maxBodyBytes, closing: closing.signal };
  let ownHosts: ReadonlySet<string> = new Set();
  const { server, inFlight } = createEmulatorServer({ api, inspect, marketing, faults, log, now: o.now, mounts: o.mounts, ownHosts: () => ownHosts });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(o.port, o.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await release?.();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      throw new GraphformError('GF_EMULATOR_PORT_IN_USE', `The emulator cannot listen on ${o.host}:${o.port} (${code})`, {
        hint: 'Choose another `port`, or 0 for any free port.',
        cause: error,
      });
    }
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  ownHosts = ownHostNames(o.host, port);
  // Listening on every interface, it is still reached on this machine at the loopback address.
  const hostInUrl = isWildcardHost(o.host) ? '127.0.0.1' : o.host.includes(':') ? `[${o.host}]` : o.host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    credentials: { ...o.credentials },
    singleKey: o.singleKey,
    inspect,
    faults,
    marketing,
    close() {
      closed ??= (async () => {
        closing.abort();
        propagation.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await inFlight();
        await repo.idle();
        await authState.idle();
        await release?.();
      })();
      return closed;
    },
  };
}
