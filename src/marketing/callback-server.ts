import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { GraphformError } from '../diagnostics/errors.js';
import { excerpt } from '../diagnostics/excerpt.js';
import { AUTH_ERROR_CODES } from './codes.js';
import type { LoopbackRedirect } from './loopback.js';

/** The login's local end: the browser brings the code here. */
export interface CallbackServer {
  /** Resolves with the authorization code once a callback with the right state arrives. */
  code: Promise<string>;
  close(): Promise<void>;
}

export interface CallbackOptions {
  redirect: LoopbackRedirect;
  /** The state this login sent; a callback with any other is refused. */
  state: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * Listens on redirectUri's loopback address and port until the browser comes back (or the
 * timeout). A callback with the right state decides: a code resolves, an error rejects,
 * and the browser gets a short page saying what happened and that the window can be
 * closed. A callback with another state is answered 400 and otherwise ignored: any web
 * page can send the browser here, and it must not be able to cancel the login. The code
 * is never logged.
 */
export async function listenForCallback(options: CallbackOptions): Promise<CallbackServer> {
  let settle: { resolve: (code: string) => void; reject: (error: unknown) => void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // The caller may never await it (an error elsewhere); a rejection here must not crash.
  code.catch(() => undefined);
  let done = false;
  let refused = 0;
  const finish = (outcome: { code: string } | { error: GraphformError }): void => {
    if (done) return;
    done = true;
    if ('code' in outcome) settle?.resolve(outcome.code);
    else settle?.reject(outcome.error);
  };

  const server = createServer((req, res) =>
    handle(
      req,
      res,
      options,
      () => done,
      finish,
      () => refused++,
    ),
  );
  await listen(server, options.redirect);
  const timer = setTimeout(() => finish({ error: timedOut(options, refused) }), options.timeoutMs);
  const onAbort = (): void =>
    finish({ error: new GraphformError(AUTH_ERROR_CODES.loginCancelled, 'The login was cancelled; stored tokens were left as they were.') });
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted === true) onAbort();

  return {
    code,
    close: async () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      finish({ error: new GraphformError(AUTH_ERROR_CODES.loginCancelled, 'The login was stopped.') });
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: CallbackOptions,
  done: () => boolean,
  finish: (outcome: { code: string } | { error: GraphformError }) => void,
  refuse: () => void,
): void {
  const url = new URL(req.url ?? '/', 'http://callback.invalid');
  if (req.method !== 'GET' || url.pathname !== options.redirect.path) {
    page(res, 404, 'Not found', "This is graphform's login callback; nothing else is served here.");
    return;
  }
  if (done()) {
    page(res, 409, 'Login already finished', 'graphform has finished this login. You can close this window.');
    return;
  }
  const query = url.searchParams;
  const error = query.get('error');
  if (query.get('state') !== options.state) {
    refuse();
    page(
      res,
      400,
      'Login refused',
      'This answer did not carry the state graphform sent, so it may not come from your login; ' +
        'its code was not used, and graphform still waits for the answer to its own login. You can close this window.',
    );
    return;
  }
  if (error !== null) {
    const description = query.get('error_description');
    const said = excerpt(description === null ? error : `${error}: ${description}`, 200);
    page(res, 400, 'Login refused', 'The authorization server did not grant access. Return to the terminal. You can close this window.');
    finish({
      error: new GraphformError(AUTH_ERROR_CODES.denied, `The authorization server sent the browser back without a code: ${said}.`, {
        hint: 'Log in with a user of the organization the app is registered for, and allow the access it asks for. Stored tokens were left as they were.',
      }),
    });
    return;
  }
  const code = query.get('code');
  if (code === null || code === '') {
    page(res, 400, 'Login refused', 'The answer carried no code. Return to the terminal. You can close this window.');
    finish({ error: new GraphformError(AUTH_ERROR_CODES.denied, 'The login callback carried no code.', { hint: 'Run `graphform auth login` again.' }) });
    return;
  }
  page(res, 200, 'Logged in', 'graphform received the authorization and is finishing the login in the terminal. You can close this window.');
  finish({ code });
}

/** The login timeout's error; callbacks with another state that came meanwhile are named, as they may explain it. */
function timedOut(options: CallbackOptions, refused: number): GraphformError {
  const within = `within ${Math.round(options.timeoutMs / 1000)} s`;
  if (refused > 0) {
    return new GraphformError(
      AUTH_ERROR_CODES.stateMismatch,
      `No callback with the state graphform sent came back to ${shown(options.redirect)} ${within}; ${refused} callback${refused === 1 ? '' : 's'} ` +
        `carried another state: not from this login, so ${refused === 1 ? 'its code was' : 'their codes were'} not used.`,
      { hint: 'Run `graphform auth login` again and finish it in the browser window it opens. Stored tokens were left as they were.' },
    );
  }
  return new GraphformError(AUTH_ERROR_CODES.loginTimeout, `No browser came back to ${shown(options.redirect)} ${within}.`, {
    hint:
      'If the browser showed an error about redirect_uri, marketing.redirectUri is not the callback URL registered for the app: make them equal. ' +
      'Otherwise run `graphform auth login` again and open the URL it prints; ' +
      'raise `timeoutMs` if logging in takes longer. Stored tokens were left as they were.',
  });
}

function page(res: ServerResponse, status: number, title: string, text: string): void {
  const body =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>graphform: ' +
    `${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>\n`;
  // no-store and no-referrer: the URL of this page held the code.
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', connection: 'close' });
  res.end(body);
}

async function listen(server: Server, redirect: LoopbackRedirect): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(redirect.port, redirect.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new GraphformError(AUTH_ERROR_CODES.callbackPortInUse, `graphform cannot listen on ${shown(redirect)} for the login callback (${code}).`, {
      details: { host: redirect.host, port: redirect.port, code },
      hint:
        code === 'EADDRINUSE'
          ? 'Another program (or another `graphform auth login`) uses that port: ' +
            'stop it, or register the app with another loopback port and set marketing.redirectUri to match.'
          : 'Use a loopback address and a port above 1024 in marketing.redirectUri (and the app registration).',
      cause: error,
    });
  }
}

function shown(redirect: LoopbackRedirect): string {
  const host = redirect.host.includes(':') ? `[${redirect.host}]` : redirect.host;
  return `http://${host}:${redirect.port}${redirect.path}`;
}
