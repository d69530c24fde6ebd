import { AUTHORIZE_PATH } from './paths.js';
import type { AuthorizeRequest } from './authorize-check.js';
import { DEMO_USER, organizationName } from './identity.js';
import { appOrganization } from './apps.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hidden(name: string, value: string | undefined): string {
  return value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

/**
 * The one-click approval page for `prompt=consent`: a form that posts the request back to
 * the authorization endpoint with approve or deny. No scripts and no external assets.
 */
export function consentPage(request: AuthorizeRequest): string {
  const { app } = request;
  const appName = escapeHtml(app.name ?? app.clientId);
  const fields = [
    hidden('client_id', app.clientId),
    hidden('redirect_uri', request.redirectUri),
    hidden('response_type', 'code'),
    hidden('scope', request.scope),
    hidden('state', request.state),
  ]
    .filter((h) => h !== '')
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Authorize ${appName}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #222; }
button { font-size: 1rem; padding: .5rem 1.25rem; margin-right: .5rem; }
.note { color: #666; font-size: .875rem; }
</style>
</head>
<body>
<h1>Authorize ${appName}</h1>
<p>Signed in as <strong>${escapeHtml(DEMO_USER.name)}</strong> (${escapeHtml(DEMO_USER.email)}), ${escapeHtml(organizationName(appOrganization(app)))}.</p>
<p>${appName} asks for: ${escapeHtml(request.scope)}.</p>
<form method="post" action="${AUTHORIZE_PATH}">
${fields}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
<p class="note">graphform's local emulator of the marketing platform's authorization server.</p>
</body>
</html>
`;
}
