import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushData } from '../../src/data/push/push-data.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { DATA_CONFIG, tempDir, type TempDir } from '../data/fixtures.js';
import { WIRE_SOURCES, wireDeclaration } from '../data/wire-fixtures.js';
import { graphClientFor, startTestEmulator } from '../helpers/emulator.js';

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => tmp.remove());

const VISIBLE = { Status: 'Published', _rbac: 'r:Everyone:Read' };

async function query(emulator: RunningEmulator, text: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulator.url}/content/v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `epi-single ${emulator.singleKey}` },
    body: JSON.stringify({ query: text }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data ?? {};
}

/** Creates the sources and pushes plain-named items with graphform's push (which renames them). */
async function pushed(): Promise<RunningEmulator> {
  const emulator = await startTestEmulator();
  const client = graphClientFor(emulator);
  for (const [id, definition] of Object.entries(WIRE_SOURCES)) await client.putTypes(id, definition);
  const files: Record<string, Record<string, unknown>[]> = {
    flag: [{ Id: 'n1', ContentType: ['Note'], Title: 'Oak dining table', Secret: 'k1', Count: 2, ...VISIBLE }],
    typd: [{ Id: 'f1', ContentType: ['Film'], Title: 'Heat of the night', Year: 1995, Genres: ['crime'], ...VISIBLE }],
    nest: [{ Id: 'p1', ContentType: ['Place'], City: 'Lund harbour', Size: { Width: 2.5, Height: 1 }, ...VISIBLE }],
  };
  for (const [id, items] of Object.entries(files)) {
    await tmp.write(`${id}.json`, JSON.stringify(items.map((item) => ({ language_routing: 'en', ...item }))));
    const summary = await pushData({
      client,
      declaration: wireDeclaration(id),
      files: [`${id}.json`],
      cwd: tmp.dir,
      config: DATA_CONFIG,
      skipInvalid: false,
      maxErrors: 50,
      dryRun: false,
    });
    expect(summary.status).toBe('sent');
  }
  return emulator;
}

describe('the emulator stores items under their wire names and serves plain names (issue 26)', () => {
  it("takes the skip flag the vendor's client sends, and reads it back", async () => {
    const emulator = await startTestEmulator();
    await graphClientFor(emulator).putTypes('flag', WIRE_SOURCES.flag as SourceDefinition);
    expect(emulator.inspect.definition('flag')).toMatchObject({ contentTypes: { Note: { properties: { Secret: { type: 'String', skip: true } } } } });
  });

  it('stores what graphform pushed under the wire names', async () => {
    const emulator = await pushed();
    expect(emulator.inspect.items('flag')?.items[0]?.data).toMatchObject({ Title___searchable: 'Oak dining table', Secret___skip: 'k1', Count: 2 });
    expect(emulator.inspect.items('typd')?.items[0]?.data).toMatchObject({
      Title$$String___searchable: 'Heat of the night',
      Year$$Int: 1995,
      Genres$$String: ['crime'],
    });
    expect(emulator.inspect.items('nest')?.items[0]?.data).toMatchObject({ City___searchable: 'Lund harbour', Size: { Width___searchable: 2.5, Height: 1 } });
    expect(emulator.inspect.unsearchable('flag')).toEqual([]);
  });

  it('serves every value under its plain name', async () => {
    const emulator = await pushed();
    // As the vendor's clients send it, straight to the data endpoint.
    const vendor = JSON.stringify({ ContentType: ['Note'], Title___searchable: 'Pine shelf', Secret___skip: 'k2', Count: 5, ...VISIBLE });
    await graphClientFor(emulator).pushData('flag', `{"index":{"_id":"n2","language_routing":"en"}}\n${vendor}\n`);
    expect(await query(emulator, '{ Note { items { _id Title Secret Count } } }')).toEqual({
      Note: {
        items: [
          { _id: 'n1', Title: 'Oak dining table', Secret: 'k1', Count: 2 },
          { _id: 'n2', Title: 'Pine shelf', Secret: 'k2', Count: 5 },
        ],
      },
    });
    expect(await query(emulator, '{ Film { items { Title Year Genres } } }')).toEqual({
      Film: { items: [{ Title: 'Heat of the night', Year: 1995, Genres: ['crime'] }] },
    });
    expect(await query(emulator, '{ Place { items { City Size { Width Height } } } }')).toEqual({
      Place: { items: [{ City: 'Lund harbour', Size: { Width: 2.5, Height: 1 } }] },
    });
    // Filters read the stored wire names by the plain one too.
    expect(await query(emulator, '{ Film(where: { Year: { eq: 1995 } }) { total } }')).toEqual({ Film: { total: 1 } });
  });

  it('finds searchable values by full-text search (match), and nothing else by it', async () => {
    const emulator = await pushed();
    expect(await query(emulator, '{ Note(where: { Title: { match: "DINING oak" } }) { items { _id } } }')).toEqual({ Note: { items: [{ _id: 'n1' }] } });
    expect(await query(emulator, '{ Film(where: { Title: { match: "night" } }) { total } }')).toEqual({ Film: { total: 1 } });
    expect(await query(emulator, '{ Place(where: { City: { match: "lund" } }) { total } }')).toEqual({ Place: { total: 1 } });
    expect(await query(emulator, '{ Note(where: { Title: { match: "din" } }) { total } }')).toEqual({ Note: { total: 0 } });
    // Secret is stored only (skip): not searchable.
    expect(await query(emulator, '{ Note(where: { Secret: { match: "k1" } }) { total } }')).toEqual({ Note: { total: 0 } });
  });

  it('stores a value that arrived under the plain name of a searchable property, serves null for it, does not find it by search, and names it', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('flag', WIRE_SOURCES.flag as SourceDefinition);
    const line = JSON.stringify({ ContentType: ['Note'], Title: 'Walnut desk', Count: 1, ...VISIBLE });
    await client.pushData('flag', `{"index":{"_id":"n2","language_routing":"en"}}\n${line}\n`);
    expect(await query(emulator, '{ Note { items { _id Title Count } } }')).toEqual({ Note: { items: [{ _id: 'n2', Title: null, Count: 1 }] } });
    expect(await query(emulator, '{ Note(where: { Title: { match: "walnut" } }) { total } }')).toEqual({ Note: { total: 0 } });
    expect(emulator.inspect.unsearchable('flag')).toEqual([{ _id: 'n2', language_routing: 'en', contentType: 'Note', properties: ['Title'] }]);
    expect(
      emulator.inspect
        .requests()
        .filter((r) => r.method === 'POST' && r.path.startsWith('/api/content/v2/data'))
        .at(-1)?.note,
    ).toBe('indexed 1, deleted 0, stored but not served 1 (a searchable property not under its searchable name: line 2: Note.Title not as Title___searchable)');
    const answer = await fetch(`${emulator.url}/_emulator/sources/flag/unsearchable`);
    expect(await answer.json()).toEqual([{ _id: 'n2', language_routing: 'en', contentType: 'Note', properties: ['Title'] }]);
  });
});
