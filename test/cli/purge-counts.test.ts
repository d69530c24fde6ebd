import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/** Two products in en, one in sv, pushed through the CLI. */
const ITEMS = [
  ['a', 'en'],
  ['b', 'en'],
  ['c', 'sv'],
]
  .flatMap(([id, language]) => [
    JSON.stringify({ index: { _id: id, language_routing: language } }),
    JSON.stringify({ Name: id, ContentType: ['Item', 'Product'] }),
  ])
  .join('\n');

async function shopWithItems(withReadKey: boolean) {
  const emulator = await startTestEmulator();
  const project = await graphProject(
    emulator,
    { 'content-sources/shop.yaml': shopYaml(), 'items.ndjson': `${ITEMS}\n` },
    withReadKey ? `    singleKey: "${emulator.singleKey}"` : '',
  );
  expect((await project.cli('apply', '--yes')).code).toBe(0);
  expect((await project.cli('data', 'push', 'shop', 'items.ndjson')).code).toBe(0);
  return project;
}

describe('data purge says how many items it deletes', () => {
  it('counts per language from the service, with --yes in the summary and in JSON', async () => {
    const project = await shopWithItems(true);
    const en = await project.cli('data', 'purge', 'shop', '--language', 'en', '--yes');
    expect(en.code, en.stderr).toBe(0);
    expect(en.stdout).toContain('Purged every item of source shop in en: 2 items (en 2).');
    const rest = await project.cli('data', 'purge', 'shop', '--all-languages', '--yes', '--format', 'json');
    expect(JSON.parse(rest.stdout)).toEqual({
      sourceId: 'shop',
      languages: ['en', 'sv'],
      purged: true,
      deletes: { known: true, total: 1, byLanguage: { en: 0, sv: 1 } },
    });
    const again = await project.cli('data', 'purge', 'shop', '--all-languages', '--yes');
    expect(again.stdout).toContain('Purged every item of source shop in en, sv: no items (the source holds none in en, sv now).');
  });

  it('counts with the graph credentials, without a read key', async () => {
    const project = await shopWithItems(false);
    const run = await project.cli('data', 'purge', 'shop', '--all-languages', '--yes');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Purged every item of source shop in en, sv: 3 items (en 2, sv 1).');
  });

  it('says the count is unknown, and why, when the service cannot be asked', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'items.ndjson': `${ITEMS}\n` });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    expect((await project.cli('data', 'push', 'shop', 'items.ndjson')).code).toBe(0);
    emulator.faults.add({ pathPrefix: '/content/v2', status: 500, count: 10 });
    const run = await project.cli('data', 'purge', 'shop', '--all-languages', '--yes');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Purged every item of source shop in en, sv: an unknown number of items (the content GraphQL endpoint answered 500: Injected fault: 500).',
    );
  });
});
