import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { GraphformError } from '../diagnostics/errors.js';
import { AuthVerifier } from './auth.js';
import { lockDataDir } from './data-dir-lock.js';
import { FaultInjector } from './faults.js';
import { createInspector } from './inspector.js';
import { resolveEmulatorOptions } from './options.js';
import { diskPersistence, memoryPersistence } from './persistence.js';
import { Repository } from './repository.js';
import { RequestLog } from './request-log.js';
import { createEmulatorServer } from './server.js';
import { MemoryStore } from './store.js';
import type { EmulatorOptions, RunningEmulator } from './types.js';

export { EMULATOR_DEFAULTS, generateCredentials, isLoopbackHost } from './options.js';
export type * from './types.js';

/**
 * Starts a local, faithful graph service on a loopback port: the types and data
 * endpoints with every rule of the contract, plus an unauthenticated control API under
 * /_emulator/ (inspection, request log, fault injection, reset).
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const o = resolveEmulatorOptions(options);
  let release: (() => Promise<void>) | undefined;
  const store = new MemoryStore();
  let persistence = memoryPersistence;
  if (o.dataDir !== undefined) {
    await mkdir(o.dataDir, { recursive: true });
    release = await lockDataDir(o.dataDir);
    persistence = diskPersistence(o.dataDir);
    try {
      await persistence.load(store);
    } catch (error) {
      await release();
      throw error;
    }
  }

  const repo = new Repository(store, persistence, o.maxSources);
  const auth = new AuthVerifier(o.credentials, o.skewMs, o.now);
  const faults = new FaultInjector();
  const log = new RequestLog(options.onRequest);
  const inspect = createInspector({ repo, log, faults, auth });
  const closing = new AbortController();
  const graph = { repo, auth, faults, maxBodyBytes: o.maxBodyBytes, maxLineBytes: o.maxLineBytes, closing: closing.signal };
  const { server, inFlight } = createEmulatorServer({ graph, inspect, faults, log, now: o.now, mounts: o.mounts });

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
        hint: 'Choose another --port, or 0 for any free port.',
        cause: error,
      });
    }
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  const hostInUrl = o.host.includes(':') ? `[${o.host}]` : o.host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    credentials: { ...o.credentials },
    inspect,
    faults,
    close() {
      closed ??= (async () => {
        closing.abort();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await inFlight();
        await repo.idle();
        await release?.();
      })();
      return closed;
    },
  };
}
