import type { IncomingMessage } from 'node:http';
import { empty, text, type Reply } from '../server/respond.js';
import { mediaType } from '../server/route-table.js';
import { checkAuthorizeRequest, redirectWith, type AuthorizeCheck, type AuthorizeRequest } from './authorize-check.js';
import { consentPage } from './consent-page.js';
import { formParams } from './params.js';
import type { AuthState } from './state.js';

function redirect(location: string, note: string): Reply {
  return { ...empty(302, note), headers: { location, 'cache-control': 'no-store' } };
}

function refused(check: Exclude<AuthorizeCheck, { ok: true }>): Reply {
  if ('page' in check) return { ...text(400, `Authorization refused: ${check.page}`), headers: { 'cache-control': 'no-store' } };
  const { error, description, state, redirectUri } = check.redirect;
  return redirect(redirectWith(redirectUri, { error, error_description: description, state }), `${error}: ${description}`);
}

async function approve(state: AuthState, request: AuthorizeRequest): Promise<Reply> {
  const code = state.grants.issueCode(request.app.clientId, request.redirectUri);
  await state.save();
  return redirect(redirectWith(request.redirectUri, { code, state: request.state }), `approved for ${request.app.clientId}`);
}

/**
 * GET /o/oauth2/v1/auth. The demo user is logged in and approves at once (302 to the
 * callback with code and state), or on a one-click page when the request says
 * prompt=consent.
 */
export async function authorizeEndpoint(state: AuthState, url: URL): Promise<Reply> {
  const check = checkAuthorizeRequest(url.searchParams, state.apps);
  if (!check.ok) return refused(check);
  if (check.request.prompt === 'consent')
    return { status: 200, html: consentPage(check.request), note: `consent page for ${check.request.app.clientId}`, headers: { 'cache-control': 'no-store' } };
  return approve(state, check.request);
}

/** POST /o/oauth2/v1/auth: the consent page's form, approve or deny. */
export async function consentEndpoint(state: AuthState, req: IncomingMessage, body: Buffer): Promise<Reply> {
  if (mediaType(req) !== 'application/x-www-form-urlencoded') return text(400, 'Authorization refused: the consent form is posted form-encoded');
  const parsed = formParams(body);
  if (!parsed.ok) return text(400, `Authorization refused: ${parsed.message}`);
  const decision = parsed.params.get('decision');
  const check = checkAuthorizeRequest(new URLSearchParams([...parsed.params].filter(([key]) => key !== 'decision')), state.apps);
  if (!check.ok) return refused(check);
  if (decision === 'approve') return approve(state, check.request);
  if (decision === 'deny') {
    const { redirectUri, state: echoed } = check.request;
    return redirect(
      redirectWith(redirectUri, { error: 'access_denied', error_description: 'The user denied the request', state: echoed }),
      'denied on the consent page',
    );
  }
  return text(400, 'Authorization refused: decision must be approve or deny');
}
