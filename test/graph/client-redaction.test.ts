import { describe, expect, it } from 'vitest';
import { GraphformError } from '../../src/diagnostics/errors.js';
import { createGraphClient } from '../../src/graph/client.js';
import { indexLines } from '../helpers/emulator.js';
import { startScriptedServer } from '../helpers/scripted-server.js';
import { thrownBy } from '../helpers/graphform-error.js';

function invalidUrlError(baseUrl: string): GraphformError {
  return thrownBy(() => createGraphClient({ baseUrl, auth: { scheme: 'basic', appKey: 'k', secret: 'long-enough-secret' } }));
}

describe('the graph client shows no secret a URL or an answer carries', () => {
  it.each([
    ['userinfo', 'https://alice:hunter2pass@graph.example.com', ['alice', 'hunter2pass'], 'credentials belong in auth'],
    ['a key in the query', 'https://graph.example.com/?key=K3yValue', ['K3yValue'], 'query or fragment'],
    ['a token in the query', 'https://graph.example.com/api?token=T0kenValue&x=1', ['T0kenValue'], 'query or fragment'],
    ['a token in the fragment', 'https://graph.example.com/#access_token=Fr4gValue', ['Fr4gValue'], 'query or fragment'],
    ['both, in text that is no URL', 'ht tps://bob:pw99@h?token=T0k', ['pw99', 'T0k'], 'not a URL'],
  ])('GF_GRAPH_INVALID_URL hides %s', (_name, baseUrl, leaks, why) => {
    const error = invalidUrlError(baseUrl);
    expect(error.code).toBe('GF_GRAPH_INVALID_URL');
    expect(error.message).toContain(why);
    const shown = JSON.stringify({ message: error.message, details: error.details, hint: error.hint });
    for (const leak of leaks) expect(shown).not.toContain(leak);
  });

  it('logs with a one-letter secret without mangling other words', async () => {
    const server = await startScriptedServer([{ status: 200, body: '{}' }]);
    const lines: string[] = [];
    const client = createGraphClient({ baseUrl: server.url, auth: { scheme: 'hmac', appKey: 'k', secret: 'x' }, log: (l) => void lines.push(l) });
    await client.pushData('shop', indexLines([{ id: 1, language: 'en' }]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('content-type: text/plain');
    expect(lines[0]).toContain('authorization: epi-hmac [redacted]');
    expect(lines[0]).not.toContain('te[redacted]t');
  });
});
