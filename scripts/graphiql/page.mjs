// The browser side of the emulator's GraphiQL page (/app/graphiql?auth=KEY), bundled with
// React and GraphiQL by scripts/bundle-graphiql.mjs into dist/graphiql/, which the emulator
// serves from its own origin: the page works offline and asks nothing of a CDN.
import { GraphiQL } from 'graphiql';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const params = new globalThis.URLSearchParams(globalThis.location.search);
const key = params.get('auth') ?? '';
// The emulator's own content endpoint, on the page's origin; the key as the service takes it.
const endpoint = new URL('/content/v2', globalThis.location.origin).href;

async function fetcher(request) {
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  if (key !== '') headers.authorization = `epi-single ${key}`;
  const response = await globalThis.fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(request) });
  return response.json();
}

const root = globalThis.document.getElementById('graphiql');
createRoot(root).render(createElement(GraphiQL, { fetcher, shouldPersistHeaders: false, defaultEditorToolsVisibility: true }));
