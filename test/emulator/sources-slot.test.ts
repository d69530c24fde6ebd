import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

// The published sources API (Graph API 3.24.0, /api/content/v3/sources) takes `slot` on GET,
// POST and DELETE: `Slot` is `old` or `new`, empty meaning the old slot. The emulator keeps
// the old (live) slot only.
const SOURCES = '/api/content/v3/sources';

async function seeded(): Promise<RunningEmulator> {
  const emulator = await startTestEmulator();
  const client = graphClientFor(emulator);
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

describe('the sources API slot parameter', () => {
  it('DELETE ?id=…&slot=new answers 400 and leaves the live source, its types and items as they were', async () => {
    const emulator = await seeded();
    for (const query of ['id=shop&slot=new', 'id=shop&mode=data&slot=new', 'slot=new', 'id=&slot=new']) {
      const response = await rawRequest(emulator, { method: 'DELETE', target: `${SOURCES}?${query}` });
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.text).toContain('slot=new is not served');
    }
    expect(emulator.inspect.counts('shop')?.total).toBe(2);
    expect(emulator.inspect.definition('shop')).toEqual(sampleDefinition());
  });

  it('GET and POST with slot=new answer 400 and change nothing', async () => {
    const emulator = await seeded();
    const get = await rawRequest(emulator, { method: 'GET', target: `${SOURCES}?id=shop&slot=new` });
    expect(get.status).toBe(400);
    const post = await rawRequest(emulator, {
      method: 'POST',
      target: `${SOURCES}?id=shop&slot=new`,
      body: JSON.stringify({ label: 'Other', description: 'Changed' }),
      contentType: 'application/json',
    });
    expect(post.status).toBe(400);
    expect(emulator.inspect.definition('shop')).toEqual(sampleDefinition());
  });

  it('slot=old and an empty slot act on the live source, as no slot does', async () => {
    const emulator = await seeded();
    const get = await rawRequest(emulator, { method: 'GET', target: `${SOURCES}?id=shop&slot=old` });
    expect(get.status).toBe(200);
    expect(JSON.parse(get.text)).toEqual([{ id: 'shop', label: 'Shop catalogue', description: '', languages: ['en', 'sv'] }]);
    expect((await rawRequest(emulator, { method: 'GET', target: `${SOURCES}?id=shop&slot=` })).text).toBe(get.text);
    const deleted = await rawRequest(emulator, { method: 'DELETE', target: `${SOURCES}?id=shop&mode=data&slot=old` });
    expect(deleted.status).toBe(200);
    expect(emulator.inspect.counts('shop')?.total ?? 0).toBe(0);
  });

  it('refuses a slot that is not published, or given twice, with 400', async () => {
    const emulator = await seeded();
    for (const query of ['id=shop&slot=blue', 'id=shop&slot=old&slot=old', 'id=shop&slot=NEW']) {
      const response = await rawRequest(emulator, { method: 'DELETE', target: `${SOURCES}?${query}` });
      expect([query, response.status]).toEqual([query, 400]);
    }
    expect(emulator.inspect.counts('shop')?.total).toBe(2);
  });
});
