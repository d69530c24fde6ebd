import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../../helpers/emulator.js';
import { rawRequest } from '../../helpers/raw-graph.js';

/** What the content GraphQL endpoint answers now, asked with the admin credentials. */
async function ask(
  emulator: RunningEmulator,
  query: string,
): Promise<{ status: number; body: { data?: Record<string, unknown>; errors?: Array<{ message: string }> } }> {
  const response = await rawRequest(emulator, {
    method: 'POST',
    target: '/content/v2',
    body: JSON.stringify({ query }),
    contentType: 'application/json',
    auth: 'hmac',
  });
  return { status: response.status, body: JSON.parse(response.text) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> } };
}

/** Asks until `done` holds, at most `withinMs`: how long it took (bounded polling, no fixed sleep). */
async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('the emulator GraphQL delays', () => {
  it('serves the schema from before a types change until the schema delay has passed; the admin API sees it at once', async () => {
    // Long enough that the first asks (graphql loading on a busy machine) come before it ends.
    const emulator = await startTestEmulator({ schemaDelayMs: 1000 });
    const client = graphClientFor(emulator);
    const sent = Date.now();
    await client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
    expect((await client.getTypes('shop')).status).toBe('found');
    const early = await ask(emulator, '{ Product { total } }');
    expect(early.status).toBe(400);
    expect(early.body.errors?.[0]?.message).toContain('The schema is empty');
    await until(async () => (await ask(emulator, '{ Product { total } }')).status === 200, 5000);
    // Timed from before the PUT, which the delay follows: whatever the asks before cost, it is never served sooner.
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1000);
  });

  it('counts and serves a pushed item only after the indexing lag; deletes show at once', async () => {
    const emulator = await startTestEmulator({ indexingLagMs: 300 });
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
    await client.pushData(
      'shop',
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'en' },
      ]),
    );
    expect(emulator.inspect.items('shop')?.total).toBe(2);
    const total = async (): Promise<unknown> => ((await ask(emulator, '{ Product { total } }')).body.data?.Product as { total?: number } | undefined)?.total;
    expect(await total()).toBe(0);
    await until(async () => (await total()) === 2, 5000);
    await client.purgeData('shop', ['en']);
    expect(await total()).toBe(0);
  });

  it('answers at once without delays (the default of startEmulator)', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
    await client.pushData('shop', indexLines([{ id: 1, language: 'en' }]));
    expect((await ask(emulator, '{ Product { total } }')).body.data).toEqual({ Product: { total: 1 } });
  });
});
