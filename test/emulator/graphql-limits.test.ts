import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';

// public-facts.md, "Reading items back (GraphQL)": queries are limited to 10,000
// characters, depth 10 and 30 seconds.

async function shop(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<RunningEmulator> {
  const emulator = await startTestEmulator(options);
  const client = graphClientFor(emulator, { scheme: 'basic' });
  await client.putTypes('shop', sampleDefinition());
  await client.pushData(
    'shop',
    indexLines([
      { id: 1, language: 'en' },
      { id: 2, language: 'sv' },
    ]),
  );
  return emulator;
}

async function query(emulator: RunningEmulator, text: string): Promise<{ status: number; body: { data?: unknown; errors?: Array<{ message: string }> } }> {
  const response = await fetch(`${emulator.url}/content/v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `epi-single ${emulator.singleKey}` },
    body: JSON.stringify({ query: text }),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> } };
}

/**
 * A source whose property types nest: Deep's `First` is a Link whose `Next` is a Link …, so
 * a content query can be as deep as a test needs.
 */
async function deepSource(emulator: RunningEmulator): Promise<void> {
  const client = graphClientFor(emulator, { scheme: 'basic' });
  const links = Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `Link${i}`,
      { properties: { Value: { name: 'Value', type: 'String' }, ...(i < 9 ? { Next: { name: 'Next', type: `Link${i + 1}` } } : {}) } },
    ]),
  );
  await client.putTypes('deep', {
    label: 'Deep',
    languages: ['en'],
    propertyTypes: links,
    contentTypes: { Deep: { contentType: [], properties: { First: { type: 'Link0' } } } },
  });
}

/** `{ Deep { items { First { Next { … Value } } } } }`, `depth` fields deep. */
const deepQuery = (depth: number): string => `{ Deep { items { First { ${'Next { '.repeat(depth - 4)}Value${' }'.repeat(depth - 4)} } } } }`;

describe('the published query limits', () => {
  it('takes a query of 10,000 characters and refuses a longer one with 400', async () => {
    const emulator = await shop();
    const text = '{ Product { total } }';
    const padded = `${text}${' '.repeat(10_000 - text.length)}`;
    expect(await query(emulator, padded)).toEqual({ status: 200, body: { data: { Product: { total: 2 } } } });
    expect(await query(emulator, `${padded} `)).toEqual({
      status: 400,
      body: { errors: [{ message: 'The query is 10001 characters long: at most 10000 are allowed' }] },
    });
  });

  it('takes a content query 10 fields deep and refuses one 11 deep with 400, fragments counted where they are spread', async () => {
    const emulator = await shop();
    await deepSource(emulator);
    expect(await query(emulator, deepQuery(10))).toEqual({ status: 200, body: { data: { Deep: { items: [] } } } });
    expect(await query(emulator, deepQuery(11))).toEqual({
      status: 400,
      body: { errors: [{ message: 'The query is 11 levels deep: at most 10 are allowed' }] },
    });
    const viaFragment = `{ Deep { items { ...deep } } } fragment deep on Deep { First { ${'Next { '.repeat(7)}Value${' }'.repeat(7)} } }`;
    expect((await query(emulator, viaFragment)).body.errors?.[0]?.message).toBe('The query is 11 levels deep: at most 10 are allowed');
  });

  it('answers introspection whatever its depth, a content field beside it still counted', async () => {
    const emulator = await shop();
    await deepSource(emulator);
    const deepIntrospection = `{ __schema { types { fields { type { ${'ofType { '.repeat(10)}name${' }'.repeat(10)} } } } } }`;
    const answer = await query(emulator, deepIntrospection);
    expect(answer.status, JSON.stringify(answer.body.errors)).toBe(200);
    const viaFragment = `{ ...intro } fragment intro on Query { __schema { types { fields { type { ${'ofType { '.repeat(10)}name${' }'.repeat(10)} } } } } }`;
    expect((await query(emulator, viaFragment)).status).toBe(200);
    const mixed = `{ __schema { queryType { name } } ${deepQuery(11).slice(1)}`;
    expect((await query(emulator, mixed)).body.errors?.[0]?.message).toBe('The query is 11 levels deep: at most 10 are allowed');
  });

  it('stops a query that runs longer than 30 seconds by the emulator clock, answering the field with an error', async () => {
    let clock = Date.now();
    let running = false;
    // Each reading of the clock during the query is 31 s later: the first check finds the deadline passed.
    const emulator = await shop({ now: () => (running ? (clock += 31_000) : clock) });
    running = true;
    const answer = await query(emulator, '{ Product { total } }');
    running = false;
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ Product: null });
    expect(answer.body.errors?.[0]?.message).toContain('The query took longer than 30 seconds');
  });
});
