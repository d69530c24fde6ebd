import { describe, expect, it } from 'vitest';
import type { KeepAccount } from '../../src/keep/types.js';
import { graphProject } from '../helpers/graph-project.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

/**
 * A declared property removed outside graphform: the service stores the feed's values under
 * its wire name but no longer serves them, so the keep step's read cannot see them. A full
 * update would push every item back without them. The plan counts those values per property,
 * as lost, behind the gate (exit 3), and apply refuses to send anything without
 * --allow-data-loss.
 */
const shop = (properties: string): string =>
  [
    'id: shop',
    'label: Shop',
    'languages: [en]',
    'keep: { defaults: { _rbac: "r:Everyone:Read" } }',
    'contentTypes:',
    '  Product:',
    '    contentType: []',
    `    properties: { ${properties} }`,
    '',
  ].join('\n');

const FEED = 30;
const feed = (fields: (i: number) => string): string =>
  Array.from(
    { length: FEED },
    (_, i) => `{"index":{"_id":"f${i}","language_routing":"en"}}\n{"ContentType":["Product"],"Status":"Published","_rbac":"r:Everyone:Read",${fields(i)}}\n`,
  ).join('');

interface ShopJson {
  id: string;
  action: string;
  dataLoss: boolean;
  keep?: KeepAccount;
}

describe('values of a declared property the service no longer serves', () => {
  it('are counted as lost per property in the plan, behind the gate, and apply sends nothing without --allow-data-loss', { timeout: 60_000 }, async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': shop('Name: { type: String }, Color: { type: String }, Size: { type: String }'),
    });
    expect((await project.cli('apply', '--yes')).code).toBe(0);

    // Outside graphform: Color removed by a full update (which empties the source), then the feed pushed again, Color still in it.
    const put = await rawRequest(emulator, {
      method: 'PUT',
      target: '/api/content/v3/types?id=shop',
      contentType: 'application/json',
      body: JSON.stringify({
        label: 'Shop',
        languages: ['en'],
        contentTypes: { Product: { contentType: [], properties: { Name: { type: 'String' }, Size: { type: 'String' } } } },
      }),
    });
    expect(put.status).toBe(204);
    const pushed = await rawRequest(emulator, {
      method: 'POST',
      target: '/api/content/v2/data?id=shop',
      contentType: 'text/plain',
      body: feed((i) => `"Name":"n${i}","Color":"c${i}","Size":"s${i}"`),
    });
    expect(pushed.status).toBe(200);
    expect(emulator.inspect.items('shop', { limit: 1 })?.items[0]?.data, 'the service stores Color under its wire name').toMatchObject({ Color: 'c0' });

    // A change that needs a full update: Size removed.
    await project.write({ 'content-sources/shop.yaml': shop('Name: { type: String }, Color: { type: String }') });
    const planned = await project.cli('plan', '--detailed-exitcode', '--format', 'json');
    const source = (JSON.parse(planned.stdout) as { sources: ShopJson[] }).sources.find((s) => s.id === 'shop');
    expect(source?.action).toBe('full');
    expect(source?.keep, 'the plan must count the values of Color it cannot read').toMatchObject({
      known: true,
      lost: 0,
      kept: FEED,
      unserved: [{ property: 'Product.Color', items: FEED }],
    });
    expect(source?.dataLoss, 'values lost are data loss').toBe(true);
    expect(planned.code).toBe(3);

    const text = await project.cli('plan', '--no-color');
    expect(text.stdout).toContain(
      `Product.Color: not served by the service (removed outside graphform): the values of up to ${FEED} items cannot be read back and are lost`,
    );
    expect(text.stdout).not.toMatch(/every item (comes back|is kept)|keeps every item/i);
    const markdown = await project.cli('plan', '--format', 'markdown');
    expect(markdown.stdout).toContain('Product.Color (up to 30 items)');

    const refused = await project.cli('apply', '--yes');
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toContain('Refusing to apply: this plan loses items of shop (the values of 30 items). Nothing was sent.');
    expect(emulator.inspect.items('shop')?.total, 'nothing was sent: the items are still there').toBe(FEED);
    expect(emulator.inspect.definition('shop')).toMatchObject({ contentTypes: { Product: { properties: { Size: { type: 'String' } } } } });
  });
});
