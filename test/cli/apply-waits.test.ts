import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProjectDir, writeFiles } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

const SHOP = `id: shop
label: Shop
languages: [en, sv]
contentTypes:
  Product:
    contentType: []
    properties:
      Name: { type: String, searchable: true }
data: [../items.ndjson]
`;

const ITEMS = [
  '{"Id": "lamp", "language_routing": "en", "ContentType": ["Product"], "Name": "Lamp"}',
  '{"Id": "desk", "language_routing": "en", "ContentType": ["Product"], "Name": "Desk"}',
  '{"Id": "lampa", "language_routing": "sv", "ContentType": ["Product"], "Name": "Lampa"}',
].join('\n');

/** The local environment with the emulator's GraphQL delays and apply's waits as given. */
function config(emulator: string, wait = ''): string {
  return `sources: content-sources
environments:
  local:
    emulator: { ${emulator} }
${wait === '' ? '' : `    wait: { ${wait} }\n`}`;
}

async function project(emulator: string, wait = ''): Promise<string> {
  return makeProjectDir({ 'graphform.config.yaml': config(emulator, wait), 'content-sources/shop.yaml': SHOP, 'items.ndjson': ITEMS });
}

async function pending(dir: string): Promise<unknown> {
  const state = JSON.parse(await readFile(join(dir, '.graphform/state/local.json'), 'utf8')) as { sources: Record<string, { pending?: unknown }> };
  return state.sources.shop?.pending;
}

describe('apply waits for GraphQL around the re-push', () => {
  it('waits for the new schema, pushes, and counts until every item is served: "sent 3, served 3"', async () => {
    const dir = await project('schemaDelay: 300ms, indexingLag: 300ms');
    // A terminal: the waits redraw one progress line in place.
    let screen = '';
    const run = await runCli(['apply', '--yes'], { cwd: dir, io: { stdout: { write: (s: string) => (screen += s), isTTY: true } } });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Each redraw starts by going back and clearing the line.
    screen = screen.replaceAll('\r\u001b[2K', '<redraw>');
    expect(screen).toMatch(/<redraw>shop: waiting for GraphQL to serve the new schema before pushing its data files: \d+\.\ds of up to 20m…/);
    expect(screen).toMatch(/…\nshop: GraphQL serves the new schema \(after \d+\.\ds\)\n/);
    expect(screen).toContain('shop: pushed 3 items from its data files in 1 batch');
    expect(screen).toMatch(/<redraw>shop: waiting for GraphQL to serve the items: sent 3, served 0; \d+\.\ds of up to 10m…/);
    expect(screen).toMatch(/…\nshop: sent 3, served 3 \(counted through GraphQL after \d+\.\ds\)\n/);
    expect(screen).toContain('Apply complete!');
    expect(await pending(dir)).toBeUndefined();
  });

  it('prints no progress line for a short wait without a terminal, only the counts', async () => {
    const dir = await project('schemaDelay: 300ms, indexingLag: 300ms');
    const run = await runCli(['apply', '--yes'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('waiting for GraphQL');
    expect(run.stdout).toMatch(
      /shop: GraphQL serves the new schema \(after \d+\.\ds\)\nshop: pushed 3 items from its data files in 1 batch\nshop: sent 3, served 3 \(counted through GraphQL after \d+\.\ds\)\n/,
    );
  });

  it('puts the counts and the journalIds in the JSON, and the journalIds in --verbose', async () => {
    const dir = await project('schemaDelay: 0, indexingLag: 100ms');
    const run = await runCli(['apply', '--yes', '--format', 'json', '--verbose'], { cwd: dir });
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as {
      outcomes: Array<{
        id: string;
        served?: { outcome: string; sent: number; served: number; pairs: unknown[]; journalIds: string[] };
        schemaWait?: { outcome: string };
      }>;
    };
    const shop = document.outcomes.find((o) => o.id === 'shop');
    expect(shop?.schemaWait?.outcome).toBe('done');
    expect(shop?.served).toMatchObject({
      outcome: 'done',
      sent: 3,
      served: 3,
      pairs: [
        { type: 'Product', language: 'en', sent: 2, served: 2 },
        { type: 'Product', language: 'sv', sent: 1, served: 1 },
      ],
    });
    const journalId = shop?.served?.journalIds[0] ?? '';
    expect(journalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.stderr).toContain(`POST data for source shop accepted: journalId ${journalId}`);
  });

  it('fails naming the type and language GraphQL serves short, keeps the re-push pending, and the next apply finishes it', async () => {
    const dir = await project('schemaDelay: 0, indexingLag: 1h', 'servedTimeout: 300ms');
    const short = await runCli(['apply', '--yes'], { cwd: dir });
    expect(short.code).toBe(1);
    expect(short.stdout).toMatch(/shop: sent 3, served 0/);
    expect(short.stdout).toMatch(
      /shop: failed \[GF_APPLY_ITEMS_NOT_SERVED\]: GraphQL does not serve every item of source shop as it was sent after \d+ms: Product in en \(sent 2, served 0\), Product in sv \(sent 1, served 0\)/,
    );
    expect(short.stdout).toContain('Pending in state: the items of shop must be pushed again.');
    expect(await pending(dir)).toMatchObject({ repush: { reason: expect.stringContaining('source shop was created without its items') } });

    await writeFiles(dir, { 'graphform.config.yaml': config('schemaDelay: 0, indexingLag: 100ms') });
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: dir });
    expect(plan.code).toBe(2);
    const again = await runCli(['apply', '--yes'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('shop: finishing work an earlier apply left pending');
    expect(again.stdout).toMatch(/shop: sent 3, served 3/);
    expect(await pending(dir)).toBeUndefined();
  });

  it('with --no-wait pushes at once and counts nothing', async () => {
    const dir = await project('schemaDelay: 1h, indexingLag: 1h');
    const run = await runCli(['apply', '--yes', '--no-wait'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('shop: pushed 3 items from its data files in 1 batch');
    expect(run.stdout).not.toContain('waiting for GraphQL');
    expect(run.stdout).not.toContain('served');
    expect(await pending(dir)).toBeUndefined();
  });

  it('gives up on a schema GraphQL does not serve within schemaTimeout, pushing nothing and keeping the re-push pending', async () => {
    const dir = await project('schemaDelay: 1h, indexingLag: 0', 'schemaTimeout: 300ms');
    const run = await runCli(['apply', '--yes'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /shop: failed \[GF_APPLY_SCHEMA_NOT_SERVED\]: GraphQL did not serve the new schema of source shop within 300ms \(the content GraphQL endpoint answered 400: The schema is empty: .*\); its data files were not pushed/,
    );
    expect(run.stdout).not.toContain('pushed 3 items');
    expect(await pending(dir)).toBeDefined();
  });
});
