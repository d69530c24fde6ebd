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
  Gadget:
    contentType: []
    properties:
      Name: { type: String }
`;

const ITEMS = [
  '{"Id": "lamp", "language_routing": "en", "ContentType": ["Product"], "Name": "Lamp"}',
  '{"Id": "desk", "language_routing": "en", "ContentType": ["Product"], "Name": "Desk"}',
  '{"Id": "gizmo", "language_routing": "sv", "ContentType": ["Gadget"], "Name": "Gizmo"}',
].join('\n');

function config(emulator: string, wait = ''): string {
  return `sources: content-sources\nenvironments:\n  local:\n    emulator: { ${emulator} }\n${wait === '' ? '' : `    wait: { ${wait} }\n`}`;
}

/** The source applied (no data files), then the config the push runs with. */
async function applied(emulator: string, wait = ''): Promise<string> {
  const dir = await makeProjectDir({
    'graphform.config.yaml': config('schemaDelay: 0, indexingLag: 0'),
    'content-sources/shop.yaml': SHOP,
    'items.ndjson': ITEMS,
  });
  expect((await runCli(['apply', '--yes'], { cwd: dir })).code).toBe(0);
  await writeFiles(dir, { 'graphform.config.yaml': config(emulator, wait) });
  return dir;
}

describe('data push counts what GraphQL serves of what it sent', () => {
  it('waits out the indexing lag and says "sent 3, served 3"', async () => {
    const dir = await applied('indexingLag: 300ms');
    // On a terminal, the wait is one line redrawn in place on stderr, beside the push's progress bar.
    let terminal = '';
    const run = await runCli(['data', 'push', 'shop', 'items.ndjson'], { cwd: dir, io: { stderr: { write: (s: string) => (terminal += s), isTTY: true } } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Served: sent 3, served 3 \(counted through GraphQL after \d\.\ds\)/);
    expect(terminal.replaceAll('\r\u001b[2K', '<redraw>')).toMatch(/<redraw>Waiting for GraphQL to serve the items: sent 3, served 0; \d\.\ds of up to 10m…/);
  });

  it('fails naming each content type and language served short, with the counts and journalIds in the JSON', async () => {
    const dir = await applied('indexingLag: 1h', 'servedTimeout: 200ms');
    const run = await runCli(['data', 'push', 'shop', 'items.ndjson', '--format', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /GF_DATA_ITEMS_NOT_SERVED.*GraphQL does not serve every item of source shop as it was sent after \d+ms: Gadget in sv \(sent 1, served 0\), Product in en \(sent 2, served 0\)/s,
    );
    const document = JSON.parse(run.stdout) as {
      status: string;
      served: { outcome: string; sent: number; served: number; journalIds: string[]; pairs: unknown[] };
    };
    expect(document.status).toBe('sent');
    expect(document.served).toMatchObject({
      outcome: 'timeout',
      sent: 3,
      served: 0,
      pairs: [
        { type: 'Gadget', language: 'sv', sent: 1, served: 0 },
        { type: 'Product', language: 'en', sent: 2, served: 0 },
      ],
    });
    expect(document.served.journalIds).toHaveLength(1);
  });

  it('with --no-wait counts nothing', async () => {
    const dir = await applied('indexingLag: 1h', 'servedTimeout: 200ms');
    const run = await runCli(['data', 'push', 'shop', 'items.ndjson', '--no-wait'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('Served:');
  });
});
