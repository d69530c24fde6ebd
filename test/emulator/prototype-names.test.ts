import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

/**
 * Names are data: every member name of Object.prototype, `__proto__` included, used where
 * the emulator looks things up by a name the client chose.
 */
const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];
/** The ones the contract refuses as content type and property names (GraphQL names may not start with __). */
const RESERVED = NAMES.filter((n) => n.startsWith('__'));
const GRAPHQL_NAMES = NAMES.filter((n) => !n.startsWith('__'));

/** A record with every name as an own key (`__proto__` too, which an object literal would not make). */
const record = <T>(names: readonly string[], value: (name: string) => T): Record<string, T> =>
  Object.fromEntries(names.map((n) => [n, value(n)])) as Record<string, T>;

const put = (definition: unknown, id = 'pro') => ({
  method: 'PUT',
  target: `/api/content/v3/types?id=${id}`,
  body: JSON.stringify(definition),
  contentType: 'application/json',
});
const push = (ndjson: string, id = 'pro') => ({ method: 'POST', target: `/api/content/v2/data?id=${id}`, body: ndjson, contentType: 'text/plain' });
const pair = (id: string, language: string, contentType: string): string =>
  `${JSON.stringify({ index: { _id: id, language_routing: language } })}\n${JSON.stringify({ Name: id, ContentType: [contentType] })}\n`;

async function control(emulator: RunningEmulator, path: string): Promise<unknown> {
  return JSON.parse(await (await fetch(`${emulator.url}/_emulator${path}`)).text());
}

/** Every GraphQL name as a content type, each with every GraphQL name as a property; every name as a language. */
const everyName: SourceDefinition = {
  label: 'Prototype names',
  languages: NAMES,
  propertyTypes: record(GRAPHQL_NAMES, () => ({ properties: record(GRAPHQL_NAMES, (p) => ({ name: p, type: 'String' })) })),
  contentTypes: record(GRAPHQL_NAMES, () => ({ contentType: [], properties: record(GRAPHQL_NAMES, () => ({ type: 'String' })) })),
};

describe('names that Object.prototype also has', () => {
  it('stores them as content type, property type, property and language names, and answers them back exactly', async () => {
    const emulator = await startTestEmulator();
    expect((await rawRequest(emulator, put(everyName))).status).toBe(204);
    const answered = await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=pro' });
    expect(answered.text.trim()).toBe(JSON.stringify(everyName));
    expect(await control(emulator, '/sources/pro/definition')).toEqual(JSON.parse(JSON.stringify(everyName)));
  });

  it.each(RESERVED)('refuses %s as a content type or property name with 400, as a GraphQL name', async (name) => {
    const emulator = await startTestEmulator();
    const asType = await rawRequest(
      emulator,
      put({ label: 'x', languages: ['en'], contentTypes: record([name], () => ({ contentType: [], properties: {} })) }),
    );
    const asProperty = await rawRequest(
      emulator,
      put({ label: 'x', languages: ['en'], contentTypes: { A: { contentType: [], properties: record([name], () => ({ type: 'String' })) } } }),
    );
    expect([asType.status, asProperty.status]).toEqual([400, 400]);
    expect(asType.text).toContain(`"${name}" is not a valid GraphQL name`);
    expect(emulator.inspect.sources()).toEqual([]);
  });

  it.each(GRAPHQL_NAMES)('refuses %s as a base type or property type that is not declared', async (name) => {
    const emulator = await startTestEmulator();
    const base = await rawRequest(emulator, put({ label: 'x', languages: ['en'], contentTypes: { A: { contentType: [name], properties: {} } } }));
    const type = await rawRequest(
      emulator,
      put({ label: 'x', languages: ['en'], contentTypes: { A: { contentType: [], properties: { P: { type: name } } } } }),
    );
    expect([base.status, type.status]).toEqual([400, 400]);
    expect(base.text).toContain(`unknown content type "${name}"`);
    expect(type.text).toContain(`unknown type "${name}"`);
  });

  it('indexes items under every such language, content type and _id, and counts them exactly', async () => {
    const emulator = await startTestEmulator();
    await rawRequest(emulator, put(everyName));
    const lines = NAMES.flatMap((language) => GRAPHQL_NAMES.map((type) => pair(type, language, type))).join('');
    const pushed = await rawRequest(emulator, push(lines));
    expect(pushed.status).toBe(200);
    const total = NAMES.length * GRAPHQL_NAMES.length;
    expect(emulator.inspect.requests().at(-1)?.note).toBe(`indexed ${total}, deleted 0`);
    expect(await control(emulator, '/sources/pro/counts')).toEqual({
      total,
      byLanguage: JSON.parse(JSON.stringify(record(NAMES, () => GRAPHQL_NAMES.length))) as unknown,
      byContentType: JSON.parse(JSON.stringify(record(GRAPHQL_NAMES, () => NAMES.length))) as unknown,
    });
    const counts = emulator.inspect.counts('pro');
    for (const name of NAMES) expect(counts?.byLanguage[name], name).toBe(GRAPHQL_NAMES.length);
    // Nothing is found under a name that was never counted, whatever Object.prototype has.
    expect(Object.keys(counts?.byContentType ?? {}).sort()).toEqual([...GRAPHQL_NAMES].sort());
    for (const name of RESERVED) expect(counts?.byContentType[name]).toBeUndefined();
    expect(await control(emulator, '/sources/pro/items?language=constructor&contentType=toString')).toMatchObject({
      total: 1,
      items: [{ _id: 'toString', language_routing: 'constructor', contentType: 'toString' }],
    });
  });

  it('does not index an item whose ContentType is an undeclared name that Object.prototype has', async () => {
    const emulator = await startTestEmulator();
    await rawRequest(emulator, put({ label: 'x', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } }));
    const lines = NAMES.map((name) => pair(name, 'en', name)).join('') + pair('ok', 'en', 'Product');
    const pushed = await rawRequest(emulator, push(lines));
    expect(pushed.status).toBe(200);
    expect(emulator.inspect.requests().at(-1)?.note).toMatch(
      /^indexed 1, deleted 0, not indexed 12 \(line 2: ContentType constructor is not a content type of the source\)$/,
    );
    expect(emulator.inspect.counts('pro')).toEqual({ total: 1, byLanguage: { en: 1 }, byContentType: { Product: 1 } });
  });

  it('refuses a language_routing that is such a name when the source does not have it', async () => {
    const emulator = await startTestEmulator();
    await rawRequest(emulator, put({ label: 'x', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } }));
    for (const name of NAMES) {
      const pushed = await rawRequest(emulator, push(pair('1', name, 'Product')));
      expect(pushed.status, name).toBe(400);
      expect(pushed.text).toContain(`language_routing "${name}" is not a language of the source`);
    }
  });

  it('deletes items by such an _id, and purges exactly the languages named', async () => {
    const emulator = await startTestEmulator();
    await rawRequest(emulator, put(everyName));
    await rawRequest(emulator, push(NAMES.flatMap((language) => GRAPHQL_NAMES.map((type) => pair(type, language, type))).join('')));
    const deletes = GRAPHQL_NAMES.map((id) => `${JSON.stringify({ delete: { _id: id, language_routing: 'valueOf' } })}\n`).join('');
    expect((await rawRequest(emulator, push(deletes))).status).toBe(200);
    expect(emulator.inspect.counts('pro')?.byLanguage.valueOf).toBeUndefined();

    const purged = ['constructor', '__proto__', 'hasOwnProperty'];
    const query = purged.map((l) => `languages=${encodeURIComponent(l)}`).join('&');
    const purge = await rawRequest(emulator, { method: 'DELETE', target: `/api/content/v2/data?id=pro&${query}` });
    expect(purge.status).toBe(204);
    expect(emulator.inspect.requests().at(-1)?.note).toBe(`purged ${purged.length * GRAPHQL_NAMES.length} items of pro in ${purged.join(', ')}`);
    const left = NAMES.filter((n) => n !== 'valueOf' && !purged.includes(n));
    const counts = emulator.inspect.counts('pro');
    expect(counts?.total).toBe(left.length * GRAPHQL_NAMES.length);
    expect(Object.keys(counts?.byLanguage ?? {}).sort()).toEqual([...left].sort());
  });

  it('reads such names back from a data directory', async () => {
    const { makeTempDir } = await import('../helpers/temp-dir.js');
    const dataDir = await makeTempDir();
    const credentials = { appKey: 'names', secret: Buffer.from('names secret').toString('base64') };
    const first = await startTestEmulator({ dataDir, credentials });
    await rawRequest(first, put(everyName));
    await rawRequest(first, push(NAMES.map((language) => pair('__proto__', language, 'constructor')).join('')));
    await rawRequest(first, {
      method: 'POST',
      target: '/api/content/v3/sources?id=pro',
      body: '{"label":"constructor","description":"__proto__"}',
      contentType: 'application/json',
    });
    const before = { counts: first.inspect.counts('pro'), sources: first.inspect.sources() };
    await first.close();
    const second = await startTestEmulator({ dataDir, credentials });
    expect({ counts: second.inspect.counts('pro'), sources: second.inspect.sources() }).toEqual(before);
    expect(before.counts?.total).toBe(NAMES.length);
  });
});
