import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

/**
 * What the public record warns of, shown by the emulator's GraphQL: a value is served only
 * under the name the served definition gives its property, and a value pushed before the
 * schema served its field is not indexed until the item is pushed again.
 */

const VISIBLE = { ContentType: ['Note'], Status: 'Published', _rbac: 'r:Everyone:Read' };

const note = (properties: SourceDefinition['contentTypes'][string]['properties'], extra: Partial<SourceDefinition> = {}): SourceDefinition => ({
  label: 'Notes',
  languages: ['en'],
  contentTypes: { Note: { contentType: [], properties } },
  ...extra,
});

async function ask(emulator: RunningEmulator, query: string): Promise<{ status: number; data?: Record<string, unknown>; errors?: Array<{ message: string }> }> {
  const response = await rawRequest(emulator, {
    method: 'POST',
    target: '/content/v2',
    body: JSON.stringify({ query }),
    contentType: 'application/json',
    auth: 'hmac',
  });
  return { status: response.status, ...(JSON.parse(response.text) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> }) };
}

async function items(emulator: RunningEmulator, fields: string): Promise<unknown> {
  const answer = await ask(emulator, `{ Note { items { _id ${fields} } } }`);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return (answer.data?.Note as { items: unknown }).items;
}

const line = (id: string, data: Record<string, unknown>): string =>
  `{"index":{"_id":"${id}","language_routing":"en"}}\n${JSON.stringify({ ...VISIBLE, ...data })}\n`;

/** Asks until `check` holds, at most `withinMs` (bounded polling on what GraphQL answers, no fixed sleep). */
async function until(check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a value stored under another wire name than the served one is not served', () => {
  it('serves null for items pushed before searchable changed, and the value again once the item is pushed under the new name', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('note', note({ Title: { type: 'String' }, Count: { type: 'Int' } }));
    await client.pushData('note', line('n1', { Title: 'Oak table', Count: 1 }) + line('n2', { Title: 'Pine shelf', Count: 2 }));
    expect(await items(emulator, 'Title Count')).toEqual([
      { _id: 'n1', Title: 'Oak table', Count: 1 },
      { _id: 'n2', Title: 'Pine shelf', Count: 2 },
    ]);

    // A partial update makes Title searchable: its wire name is Title___searchable from now on.
    await client.postTypes('note', {
      languages: ['en'],
      contentTypes: { Note: { contentType: [], properties: { Title: { type: 'String', searchable: true }, Count: { type: 'Int' } } } },
    });
    expect(await items(emulator, 'Title Count')).toEqual([
      { _id: 'n1', Title: null, Count: 1 },
      { _id: 'n2', Title: null, Count: 2 },
    ]);
    expect(await ask(emulator, '{ Note(where: { Title: { eq: "Oak table" } }) { total } }')).toMatchObject({ data: { Note: { total: 0 } } });

    await client.pushData('note', line('n1', { Title___searchable: 'Oak table', Count: 1 }));
    // Pushed again, n1 comes last in the indexed order.
    expect(await items(emulator, 'Title Count')).toEqual([
      { _id: 'n2', Title: null, Count: 2 },
      { _id: 'n1', Title: 'Oak table', Count: 1 },
    ]);
    // The admin API still holds what was stored: nothing is deleted, only not served.
    expect(emulator.inspect.items('note')?.items.find((item) => item._id === 'n2')?.data).toMatchObject({ Title: 'Pine shelf' });
  });

  it('under useTypedFieldNames, serves a property only from its typed name', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('typd', note({ Title: { type: 'String' }, Year: { type: 'Int' } }, { useTypedFieldNames: true }));
    await client.pushData('typd', line('t1', { Title$$String: 'Heat', Year: 1995 }));
    expect(await items(emulator, 'Title Year')).toEqual([{ _id: 't1', Title: 'Heat', Year: null }]);
  });

  it('inside a property type value too', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    const definition = (searchable: boolean): SourceDefinition =>
      note({ Size: { type: 'Box' } }, { propertyTypes: { Box: { properties: { Width: { name: 'Width', type: 'Float', searchable } } } } });
    await client.putTypes('nest', definition(false));
    await client.pushData('nest', line('b1', { Size: { Width: 2.5 } }));
    expect(await items(emulator, 'Size { Width }')).toEqual([{ _id: 'b1', Size: { Width: 2.5 } }]);
    await client.putTypes('nest', definition(true));
    await client.pushData('nest', line('b1', { Size: { Width: 2.5 } }) + line('b2', { Size: { Width___searchable: 3 } }));
    expect(await items(emulator, 'Size { Width }')).toEqual([
      { _id: 'b1', Size: { Width: null } },
      { _id: 'b2', Size: { Width: 3 } },
    ]);
  });
});

describe('a value pushed for a field GraphQL does not serve yet is not indexed', () => {
  it('keeps it stored, serves null for it once the field is served, and serves it after the item is pushed again', { timeout: 30_000 }, async () => {
    const emulator = await startTestEmulator({ schemaDelayMs: 2000 });
    const client = graphClientFor(emulator);
    await client.putTypes('note', note({ Title: { type: 'String' } }));
    await until(async () => (await ask(emulator, '{ Note { total } }')).status === 200, 10_000);

    await client.postTypes('note', {
      languages: ['en'],
      contentTypes: { Note: { contentType: [], properties: { Title: { type: 'String' }, Summary: { type: 'String' } } } },
    });
    await client.pushData('note', line('n1', { Title: 'Oak table', Summary: 'Solid oak' }));
    // Pushed while GraphQL still served the schema without Summary.
    expect((await ask(emulator, '{ Note { items { Summary } } }')).status).toBe(400);

    await until(async () => (await ask(emulator, '{ Note { items { Summary } } }')).status === 200, 10_000);
    expect(await items(emulator, 'Title Summary')).toEqual([{ _id: 'n1', Title: 'Oak table', Summary: null }]);
    expect(await ask(emulator, '{ Note(where: { Summary: { exist: true } }) { total } }')).toMatchObject({ data: { Note: { total: 0 } } });
    expect(emulator.inspect.items('note')?.items[0]?.data).toMatchObject({ Summary: 'Solid oak' });

    // Pushed again once the field is served: indexed.
    await client.pushData('note', line('n1', { Title: 'Oak table', Summary: 'Solid oak' }));
    expect(await items(emulator, 'Title Summary')).toEqual([{ _id: 'n1', Title: 'Oak table', Summary: 'Solid oak' }]);
  });

  it('forgets what a deleted item was missing: an item pushed under the same key later is indexed as pushed', { timeout: 30_000 }, async () => {
    const emulator = await startTestEmulator({ schemaDelayMs: 2000 });
    const client = graphClientFor(emulator);
    await client.putTypes('note', note({ Title: { type: 'String' } }));
    await client.pushData('note', line('n1', { Title: 'Too early' }));
    await until(async () => (await ask(emulator, '{ Note { total } }')).status === 200, 10_000);
    expect(await items(emulator, 'Title')).toEqual([{ _id: 'n1', Title: null }]);
    await client.pushData('note', '{"delete":{"_id":"n1","language_routing":"en"}}\n');
    await client.pushData('note', line('n1', { Title: 'In time' }));
    expect(await items(emulator, 'Title')).toEqual([{ _id: 'n1', Title: 'In time' }]);
  });
});
