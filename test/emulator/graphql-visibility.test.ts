import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator, type SampleItem } from '../helpers/emulator.js';
import { rawRequest, type RawRequest } from '../helpers/raw-graph.js';

// public-facts.md, "Reading items back (GraphQL)": the single key sees only items with
// Status Published whose _rbac grants r:Everyone:Read, not deleted, not expired; epi-hmac
// and Basic see every item but deleted and expired ones, and `cg-include-deleted: true`
// adds the deleted ones. The field names (_deleted, StopPublish) are the vendor's.

type Auth = NonNullable<RawRequest['auth']> | 'single-key';

async function totalAndIds(
  emulator: RunningEmulator,
  auth: Auth,
  headers: Record<string, string> = {},
): Promise<{ status: number; total: unknown; ids: unknown }> {
  const body = JSON.stringify({ query: '{ Product(limit: 100) { total items { _id } } }' });
  const response = await rawRequest(emulator, {
    method: 'POST',
    target: '/content/v2',
    body,
    contentType: 'application/json',
    auth: auth === 'single-key' ? { header: `epi-single ${emulator.singleKey}` } : auth,
    headers,
  });
  const answer = JSON.parse(response.text) as { data?: { Product: { total: number; items: Array<{ _id: string }> } } };
  return { status: response.status, total: answer.data?.Product.total, ids: answer.data?.Product.items.map((i) => i._id) };
}

const items: SampleItem[] = [
  { id: 'public', language: 'en' },
  { id: 'draft', language: 'en', fields: { Status: 'Draft' } },
  { id: 'restricted', language: 'en', fields: { _rbac: 'r:Editors:Read' } },
  { id: 'bare', language: 'en', fields: { Status: undefined, _rbac: undefined } },
  { id: 'deleted', language: 'en', fields: { _deleted: true } },
  { id: 'expired', language: 'en', fields: { StopPublish: '2001-01-01T00:00:00Z' } },
  { id: 'expires-later', language: 'en', fields: { StopPublish: '2999-01-01T00:00:00Z' } },
  { id: 'shared', language: 'en', fields: { _rbac: 'r:Editors:Read,r:Everyone:Read' } },
  { id: 'deleted-draft', language: 'en', fields: { Status: 'Draft', _deleted: true } },
];

async function seeded(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<RunningEmulator> {
  const emulator = await startTestEmulator(options);
  const client = graphClientFor(emulator);
  await client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
  await client.pushData('shop', indexLines(items));
  return emulator;
}

describe('who sees which items through the content GraphQL endpoint', () => {
  it('the single key sees published items everyone may read, neither deleted nor expired', async () => {
    const emulator = await seeded();
    expect(await totalAndIds(emulator, 'single-key')).toEqual({ status: 200, total: 3, ids: ['public', 'expires-later', 'shared'] });
    // Deleted items are for admin credentials only: the header adds nothing to the single key.
    expect(await totalAndIds(emulator, 'single-key', { 'cg-include-deleted': 'true' })).toEqual({
      status: 200,
      total: 3,
      ids: ['public', 'expires-later', 'shared'],
    });
  });

  it('epi-hmac and Basic see drafts, restricted items and items without Status or _rbac, but not deleted or expired ones', async () => {
    const emulator = await seeded();
    const all = ['public', 'draft', 'restricted', 'bare', 'expires-later', 'shared'];
    expect(await totalAndIds(emulator, 'hmac')).toEqual({ status: 200, total: 6, ids: all });
    expect(await totalAndIds(emulator, 'basic')).toEqual({ status: 200, total: 6, ids: all });
  });

  it('cg-include-deleted: true adds the deleted items for admin credentials, never the expired ones', async () => {
    const emulator = await seeded();
    const withDeleted = ['public', 'draft', 'restricted', 'bare', 'deleted', 'expires-later', 'shared', 'deleted-draft'];
    expect(await totalAndIds(emulator, 'hmac', { 'cg-include-deleted': 'true' })).toEqual({ status: 200, total: 8, ids: withDeleted });
    expect(await totalAndIds(emulator, 'basic', { 'cg-include-deleted': 'true' })).toEqual({ status: 200, total: 8, ids: withDeleted });
    expect((await totalAndIds(emulator, 'hmac', { 'cg-include-deleted': 'false' })).total).toBe(6);
  });

  it('an item expires when the emulator clock passes its StopPublish', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const emulator = await startTestEmulator({ now: () => clock });
    // Basic: epi-hmac timestamps are checked against this clock, and the client signs with the real one.
    const client = graphClientFor(emulator, { scheme: 'basic' });
    await client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
    await client.pushData('shop', indexLines([{ id: 'soon', language: 'en', fields: { StopPublish: '2030-01-01T00:10:00Z' } }]));
    expect((await totalAndIds(emulator, 'single-key')).ids).toEqual(['soon']);
    clock += 10 * 60_000;
    expect((await totalAndIds(emulator, 'single-key')).ids).toEqual([]);
    expect((await totalAndIds(emulator, 'basic')).ids).toEqual([]);
  });

  it('refuses wrong admin credentials, and the read key and admin credentials together, with 401', async () => {
    const emulator = await seeded();
    const wrongSecret = { header: `Basic ${Buffer.from(`${emulator.credentials.appKey}:nope`).toString('base64')}` };
    expect((await totalAndIds(emulator, wrongSecret)).status).toBe(401);
    const replayed = {
      method: 'POST',
      target: '/content/v2',
      body: '{"query":"{ Product { total } }"}',
      contentType: 'application/json',
      nonce: 'same-nonce-twice',
    };
    expect((await rawRequest(emulator, replayed)).status).toBe(200);
    expect((await rawRequest(emulator, replayed)).status).toBe(401);
    const both = await rawRequest(emulator, { ...replayed, nonce: 'another-nonce', target: `/content/v2?auth=${emulator.singleKey}` });
    expect(both.status).toBe(401);
    expect(both.text).toContain('not both');
  });
});
