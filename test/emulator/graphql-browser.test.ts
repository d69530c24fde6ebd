import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';

// A frontend's dev server (http://localhost:3000) queries the emulator from the browser:
// preflight first, then the query, whose answer the browser reads only with CORS headers.

async function shop(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<RunningEmulator> {
  const emulator = await startTestEmulator(options);
  const client = graphClientFor(emulator, { scheme: 'basic' });
  await client.putTypes('shop', sampleDefinition());
  await client.pushData(
    'shop',
    indexLines(
      [
        { id: 1, language: 'en', fields: { Name: 'Oak chair' } },
        { id: 2, language: 'sv', fields: { Name: 'Ekstol' } },
      ],
      ['Name'],
    ),
  );
  return emulator;
}

const preflight = (emulator: RunningEmulator, origin: string): Promise<Response> =>
  fetch(`${emulator.url}/content/v2`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

describe('the content endpoint from a browser (CORS)', () => {
  it('answers a preflight from http://localhost:3000, and the query after it carries the origin', async () => {
    const emulator = await shop();
    const answer = await preflight(emulator, 'http://localhost:3000');
    expect(answer.status, 'OPTIONS from a loopback origin must be answered').toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    const query = await fetch(`${emulator.url}/content/v2`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', authorization: `epi-single ${emulator.singleKey}` },
      body: JSON.stringify({ query: '{ Product { total } }' }),
    });
    expect(query.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(await query.json()).toEqual({ data: { Product: { total: 2 } } });
    // A refusal too, or the browser hides why.
    const refused = await fetch(`${emulator.url}/content/v2`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:5173', 'content-type': 'application/json' },
      body: '{"query":"{ Product { total } }"}',
    });
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([401, 'http://127.0.0.1:5173']);
  });

  it('refuses a preflight from another origin unless it is configured, and then only it', async () => {
    const emulator = await shop();
    const evil = await preflight(emulator, 'https://evil.example');
    expect([evil.status, evil.headers.get('access-control-allow-origin')]).toEqual([403, null]);
    expect(((await evil.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toContain('--cors-origin https://evil.example');
    const configured = await shop({ corsOrigins: ['https://app.example'] });
    expect((await preflight(configured, 'https://app.example')).status).toBe(204);
    const local = await preflight(configured, 'http://localhost:3000');
    expect(local.status).toBe(403);
    expect(((await local.json()) as { errors: Array<{ message: string }> }).errors[0]?.message, 'origins were given: add this one to them').toContain(
      'add it to the origins it was started with, https://app.example (--cors-origin takes a comma-separated list; corsOrigins in startEmulator)',
    );
  });

  it('refuses an origin option that is not an origin', async () => {
    await expect(startTestEmulator({ corsOrigins: ['localhost:3000/'] })).rejects.toMatchObject({
      code: 'GF_EMULATOR_BAD_OPTIONS',
      message: 'corsOrigins: "localhost:3000/" is not an origin such as http://localhost:3000 (scheme, host and port, no path), nor *',
    });
  });
});

describe('GET /content/v2 with a query', () => {
  it('answers JSON for ?query=&variables=, as the service does', async () => {
    const emulator = await shop();
    const params = new URLSearchParams({
      auth: emulator.singleKey,
      query: 'query ($l: [Locales]) { Product(locale: $l) { items { Name } } }',
      variables: JSON.stringify({ l: ['sv'] }),
    });
    const answer = await fetch(`${emulator.url}/content/v2?${params}`, { headers: { accept: 'application/json' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.json()).toEqual({ data: { Product: { items: [{ Name: 'Ekstol' }] } } });
  });

  it('says what is wrong with a GET query, and what a JSON client asking for no query must send', async () => {
    const emulator = await shop();
    const bad = await fetch(`${emulator.url}/content/v2?auth=${emulator.singleKey}&query=%7B%20Product%20%7B%20total%20%7D%20%7D&variables=nope`);
    expect([bad.status, await bad.json()]).toEqual([400, { errors: [{ message: 'variables must be JSON: ?variables={"name": value}' }] }]);
    const unauthenticated = await fetch(`${emulator.url}/content/v2?query=%7B%20Product%20%7B%20total%20%7D%20%7D`);
    expect(unauthenticated.status).toBe(401);
    const none = await fetch(`${emulator.url}/content/v2`, { headers: { accept: 'application/json' } });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toContain('?query=');
  });
});
