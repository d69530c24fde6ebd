import { createHash } from 'node:crypto';
import { GRAPHQL_PATH } from './paths.js';

/** The page's one script, inline: no CDN and no file to serve; the policy allows exactly it. */
const SCRIPT = `
const key = document.getElementById('key');
const query = document.getElementById('query');
const result = document.getElementById('result');
const params = new URLSearchParams(location.search);
key.value = params.get('auth') || '';
// The key stays out of the address bar, its history and any link copied from it.
if (params.has('auth')) history.replaceState(null, '', location.pathname);
async function run() {
  result.textContent = 'Running…';
  const headers = { 'content-type': 'application/json' };
  if (key.value !== '') headers.authorization = 'epi-single ' + key.value;
  try {
    const response = await fetch(location.pathname, { method: 'POST', headers, body: JSON.stringify({ query: query.value }) });
    result.textContent = 'HTTP ' + response.status + '\\n' + JSON.stringify(await response.json(), null, 2);
  } catch (error) {
    result.textContent = String(error);
  }
}
document.getElementById('run').addEventListener('click', run);
query.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) run();
});
`;

const SAMPLE = `# Type a query and press Run (or Ctrl+Enter). Every content type has a query field, e.g.
# { Product(limit: 10, where: { Name: { contains: "chair" } }, locale: [en]) { total items { _id Name Language { Name } } } }
# This one lists the query fields there are:
{ __schema { queryType { fields { name description } } } }`;

/** The Content-Security-Policy of the page: its own script, requests to its own origin, nothing else. */
export const PAGE_POLICY =
  `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${createHash('sha256').update(SCRIPT, 'utf8').digest('base64')}'; ` +
  `connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** A small page where a person types a query: a key field, a text area, a button and the answer. */
export function graphqlPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Content GraphQL: graphform emulator</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
textarea, pre { width: 100%; box-sizing: border-box; font-family: ui-monospace, monospace; font-size: .875rem; }
pre { background: #f4f4f4; padding: .75rem; min-height: 8rem; white-space: pre-wrap; }
label { display: block; margin: .5rem 0; }
button { font-size: 1rem; padding: .4rem 1.2rem; margin: .5rem 0; }
.note { color: #666; font-size: .875rem; }
</style>
</head>
<body>
<h1>Content GraphQL</h1>
<p class="note">graphform's local emulator of the graph service's content endpoint (<code>POST ${GRAPHQL_PATH}</code>), over the items of every custom source.</p>
<label>Read key (singleKey) <input id="key" type="password" autocomplete="off" size="44"></label>
<label for="query">Query</label>
<textarea id="query" rows="14" spellcheck="false">${SAMPLE}</textarea>
<button id="run" type="button">Run</button>
<pre id="result" aria-live="polite"></pre>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
