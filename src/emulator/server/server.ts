import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { handleApi, type ApiDeps, type ApiOutcome } from './api-handler.js';
import type { FaultInjector } from './faults.js';
import { isLoopbackPeer, isOwnHost, shownHost } from './host-check.js';
import { handleInspection } from './inspect-routes.js';
import type { RequestLog } from './request-log.js';
import { send, text, type Reply } from './respond.js';
import type { EmulatedService } from './route-table.js';
import type { EmulatorInspector, EmulatorMarketing, EmulatorMount } from '../types.js';

export interface ServerDeps {
  api: ApiDeps;
  inspect: EmulatorInspector;
  marketing: EmulatorMarketing;
  faults: FaultInjector;
  log: RequestLog;
  now: () => number;
  mounts: readonly EmulatorMount[];
  /** The Host values this emulator answers; known once it listens (its port may be picked then). */
  ownHosts: () => ReadonlySet<string>;
}

/**
 * The server shell around the emulated services: the Host check first, for every path;
 * then the control API under /_emulator/, the mounted services (which may replace a
 * built-in one), and the emulated services by path prefix: the graph API under
 * /api/content/ (faults, credentials before routing, the routes), the content GraphQL
 * endpoint under /content/ (its read key), the authorization server under /o/oauth2/ and
 * the Open API under /v3/; nothing a client sends can crash it.
 */
export function createEmulatorServer(deps: ServerDeps): { server: Server; inFlight: () => Promise<void> } {
  const pending = new Set<Promise<void>>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const arrived = new Date(deps.now()).toISOString();
    const path = req.url ?? '';
    const method = req.method ?? '';
    const finish = (outcome: ApiOutcome): void => {
      if ('drop' in outcome) {
        req.socket.destroy();
        deps.log.add({ at: arrived, method, path, status: 0, note: outcome.note });
      } else if ('aborted' in outcome) {
        deps.log.add({ at: arrived, method, path, status: 0, note: 'client closed the connection' });
      } else {
        send(res, outcome);
        deps.log.add({ at: arrived, method, path, status: outcome.status, note: outcome.note });
      }
    };

    const host = req.headers.host;
    if (!isOwnHost(host, deps.ownHosts())) {
      finish({
        ...text(421, 'Misdirected request: this emulator answers only its own loopback address in the Host header'),
        note: `refused ${shownHost(host)}`,
        headers: { connection: 'close' },
      });
      return;
    }
    const url = parseTarget(path);
    if (url === undefined) {
      send(res, text(400, 'Malformed request target'));
      return;
    }
    if (url.pathname === '/_emulator' || url.pathname.startsWith('/_emulator/')) {
      // Control needs no credentials: only this machine may use it, wherever the emulator listens.
      if (!isLoopbackPeer(req.socket.remoteAddress)) {
        finish(text(403, 'The control API (/_emulator/) answers only requests from this machine'));
        return;
      }
      send(res, await handleInspection(req, url, deps.inspect, deps.faults, deps.marketing));
      return;
    }
    const mount = deps.mounts.find((m) => url.pathname.startsWith(m.prefix));
    if (mount !== undefined) {
      await mount.handle(req, res, url);
      return;
    }
    const found = deps.api.services.find((s) => url.pathname.startsWith(s.prefix));
    if (found === undefined) {
      finish(text(404, `No such endpoint: ${url.pathname}`));
      return;
    }
    let service: EmulatedService | undefined;
    try {
      service = 'load' in found ? await found.load() : found;
      const outcome = await handleApi(req, url, service, deps.api);
      const extra = service.answerHeaders?.(req);
      finish(extra === undefined || !('status' in outcome) ? outcome : { ...outcome, headers: { ...extra, ...outcome.headers } });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const failed = service?.error(500, 'The emulator failed to handle this request') ?? text(500, 'The emulator failed to handle this request');
      finish({ ...failed, note: `internal error: ${why}` } satisfies Reply);
    }
  };

  // Host is checked by the handler, so a request without one gets the same 421 as a wrong one.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    const work = handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) send(res, text(500, 'The emulator failed to handle this request'));
    });
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });
  return { server, inFlight: async () => void (await Promise.allSettled([...pending])) };
}

/** Origin-form targets only ('/path?query'); an absolute or unparsable target is refused. */
function parseTarget(path: string): URL | undefined {
  if (!path.startsWith('/')) return undefined;
  try {
    return new URL(`http://emulator.invalid${path}`);
  } catch {
    return undefined;
  }
}
