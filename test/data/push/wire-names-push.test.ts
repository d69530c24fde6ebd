import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGraphClient } from '../../../src/graph/client.js';
import { checkDataFiles } from '../../../src/data/files/data-files.js';
import { pushData, validateDataFiles } from '../../../src/data/push/push-data.js';
import { runValidationPass } from '../../../src/data/validate/validate-files.js';
import { startScriptedServer } from '../../helpers/scripted-server.js';
import { DATA_CONFIG, tempDir, type TempDir } from '../fixtures.js';
import { WIRE_SOURCES, wireDeclaration } from '../wire-fixtures.js';

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => tmp.remove());

/** Per source: an item under plain names, and the same item under its wire names (what the vendor's clients send). */
const ITEMS: Record<string, { plain: Record<string, unknown>; wire: Record<string, unknown> }> = {
  flag: {
    plain: { ContentType: ['Note'], Title: 'Oak table', Secret: 'k', Count: 2, Status: 'Published', _rbac: 'r:Everyone:Read' },
    wire: { ContentType: ['Note'], Title___searchable: 'Oak table', Secret___skip: 'k', Count: 2, Status: 'Published', _rbac: 'r:Everyone:Read' },
  },
  typd: {
    plain: { ContentType: ['Film'], Title: 'Heat', Year: 1995, Genres: ['crime'], Status: 'Published' },
    wire: { ContentType: ['Film'], Title$$String___searchable: 'Heat', Year$$Int: 1995, Genres$$String: ['crime'], Status: 'Published' },
  },
  nest: {
    plain: { ContentType: ['Place'], City: 'Lund', Size: { Width: 2.5, Height: 1 }, Sizes: [{ Width: 1 }], Status: 'Published' },
    wire: {
      ContentType: ['Place'],
      City___searchable: 'Lund',
      Size: { Width___searchable: 2.5, Height: 1 },
      Sizes: [{ Width___searchable: 1 }],
      Status: 'Published',
    },
  },
};

const ndjson = (items: readonly Record<string, unknown>[]): string =>
  items.map((item, i) => `{"index":{"_id":"i${i}","language_routing":"en"}}\n${JSON.stringify(item)}\n`).join('');

/** Pushes one file to a test server over HTTP and returns the bytes of every request body it received. */
async function pushedBytes(id: string, name: string, content: string): Promise<string> {
  await tmp.write(name, content);
  const server = await startScriptedServer([{ status: 200, headers: { 'content-type': 'application/json' }, body: '{"journalId":"j"}' }]);
  const client = createGraphClient({ baseUrl: server.url, auth: { scheme: 'basic', appKey: 'app', secret: 'secret' }, maxAttempts: 1 });
  const summary = await pushData({
    client,
    declaration: wireDeclaration(id),
    files: [name],
    cwd: tmp.dir,
    config: DATA_CONFIG,
    skipInvalid: false,
    maxErrors: 50,
    dryRun: false,
  });
  expect(summary.status).toBe('sent');
  return Buffer.concat(server.requests.map((r) => r.body)).toString('utf8');
}

describe('data push sends every field under its wire name (issue 26)', () => {
  it.each(Object.keys(WIRE_SOURCES))('source %s: plain-named items go under their wire names, and wire-named items send the same bytes', async (id) => {
    const { plain, wire } = ITEMS[id] as { plain: Record<string, unknown>; wire: Record<string, unknown> };
    const expected = ndjson([wire, wire]);
    const fromPlain = await pushedBytes(id, 'plain.ndjson', ndjson([plain, plain]));
    const fromWire = await pushedBytes(id, 'wire.ndjson', ndjson([wire, wire]));
    expect(fromPlain).toBe(expected);
    expect(fromWire).toBe(expected);
    // A JSON array of plain items (no action lines) goes the same way; graphform writes their action lines.
    const array = JSON.stringify([0, 1].map((i) => ({ Id: `i${i}`, language_routing: 'en', ...plain })));
    expect(await pushedBytes(id, 'plain.json', array)).toBe(ndjson([0, 1].map((i) => ({ Id: `i${i}`, ...wire }))));
  });

  it.each(Object.keys(WIRE_SOURCES))('source %s: both forms validate without a word', async (id) => {
    const { plain, wire } = ITEMS[id] as { plain: Record<string, unknown>; wire: Record<string, unknown> };
    await tmp.write('both.ndjson', ndjson([plain, wire]));
    const summary = await validateDataFiles({ declaration: wireDeclaration(id), files: ['both.ndjson'], cwd: tmp.dir, config: DATA_CONFIG, maxErrors: 50 });
    expect(summary.diagnostics).toEqual([]);
  });
});

describe('data validate of field names', () => {
  const check = async (id: string, item: Record<string, unknown>): Promise<string[]> => {
    await tmp.write('one.ndjson', ndjson([item]));
    const summary = await validateDataFiles({ declaration: wireDeclaration(id), files: ['one.ndjson'], cwd: tmp.dir, config: DATA_CONFIG, maxErrors: 50 });
    return summary.diagnostics.map((d) => `${d.severity} ${d.code} ${d.path ?? ''} ${d.message}`);
  };

  it('refuses a contradictory suffix, with the names to use', async () => {
    expect(await check('flag', { ContentType: ['Note'], Title___skip: 'x' })).toEqual([
      'error GF_DATA_WRONG_FIELD_NAME /Title___skip "Title___skip" is not a name of Note\'s property Title: as declared it is sent as "Title___searchable", and the service would store this one as another field; did you mean `Title` or `Title___searchable`?',
    ]);
    expect(await check('flag', { ContentType: ['Note'], Count___searchable: 1 })).toEqual([
      'error GF_DATA_WRONG_FIELD_NAME /Count___searchable "Count___searchable" is not a name of Note\'s property Count: as declared it is sent as "Count", and the service would store this one as another field; did you mean `Count`?',
    ]);
  });

  it('refuses a wrong name inside a property type value, and a typed name on a source without useTypedFieldNames', async () => {
    const nested = await check('nest', { ContentType: ['Place'], Size: { Width___skip: 1 } });
    expect(nested).toHaveLength(1);
    expect(nested[0]).toContain('error GF_DATA_WRONG_FIELD_NAME /Size/Width___skip');
    const typed = await check('flag', { ContentType: ['Note'], Count$$Int: 1 });
    expect(typed[0]).toContain('error GF_DATA_WRONG_FIELD_NAME /Count$$Int');
  });

  it('refuses a property under both its names', async () => {
    expect(await check('flag', { ContentType: ['Note'], Title: 'a', Title___searchable: 'b' })).toEqual([
      'error GF_DATA_FIELD_NAMED_TWICE /Title___searchable Property Title is given twice, as "Title" and as "Title___searchable": both are sent as "Title___searchable"; keep one.',
    ]);
  });

  it('no longer calls the wire name of a searchable property undeclared', async () => {
    expect(await check('flag', { ContentType: ['Note'], Title___searchable: 'a' })).toEqual([]);
  });
});

describe('which files go on the wire as they are', () => {
  const rawAfterValidation = async (id: string, content: string): Promise<boolean> => {
    await tmp.write('f.ndjson', content);
    const checked = await checkDataFiles(['f.ndjson'], tmp.dir, undefined);
    const pass = await runValidationPass({
      declaration: wireDeclaration(id),
      files: checked.files,
      totalBytes: checked.totalBytes,
      fields: { idField: DATA_CONFIG.idField, languageField: DATA_CONFIG.languageField },
      maxErrors: 50,
    });
    expect(pass.summary.errors).toBe(0);
    return pass.rawFiles.size === 1;
  };

  it.each(Object.keys(WIRE_SOURCES))('source %s: a file already in the wire form is sent from its bytes; one with plain names is renamed', async (id) => {
    const { plain, wire } = ITEMS[id] as { plain: Record<string, unknown>; wire: Record<string, unknown> };
    expect(await rawAfterValidation(id, ndjson([wire, wire]))).toBe(true);
    expect(await rawAfterValidation(id, ndjson([wire, plain]))).toBe(false);
  });
});
