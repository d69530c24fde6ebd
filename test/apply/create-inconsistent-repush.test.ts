import { describe, expect, it } from 'vitest';
import { wireLines } from '../data/fixtures.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/**
 * A create is the other request, besides a full update, after which a source's data: files
 * must be pushed: the new source has no items. When the PUT that creates it reads back
 * differently (GF_APPLY_INCONSISTENT), state records what the service holds, and it must
 * record the pending re-push with it: a mutation that dropped the marker there went
 * unnoticed, and the items were then never pushed. The emulator over HTTP, made to read
 * the new source back without one of its properties, and to refuse the items at first.
 */
const ITEMS = 5;
const TYPES = '/api/content/v3/types';
const DATA = { method: 'POST', pathPrefix: '/api/content/v2/data' } as const;

function shopItems(): string {
  return wireLines(
    Array.from({ length: ITEMS }, (_, i) => ({
      Id: String(i + 1),
      Name: `Product ${i + 1}`,
      Quantity: i,
      ContentType: ['Item', 'Product'],
      Language: { Name: 'en', DisplayName: 'English' },
      Status: 'Published',
      _rbac: 'r:Everyone:Read',
    })),
  );
}

/** The wire definition (GET types' ContentSource_V3) without Product.Color: what a service that stored less would answer. */
function withoutColor(definition: unknown): unknown {
  const copy = structuredClone(definition) as { contentTypes: Record<string, { properties?: Record<string, unknown> }> };
  delete copy.contentTypes.Product?.properties?.Color;
  return copy;
}

describe('a create whose write reads back differently, for a source with data: files', () => {
  it('records the pending re-push with what the service holds, and the next apply pushes the items', async () => {
    const declaration = `${shopYaml({ languages: 'en' })}data: [data/shop.ndjson]\n`;
    // What GET types answers for this declaration, from an emulator of its own.
    const reference = await startTestEmulator();
    const created = await (await graphProject(reference, { 'content-sources/shop.yaml': shopYaml({ languages: 'en' }) })).cli('apply', '--yes');
    expect(created.code, created.stderr).toBe(0);
    const storedLess = JSON.stringify(withoutColor(reference.inspect.definition('shop')));
    expect(storedLess).not.toContain('Color');

    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': declaration, 'content-sources/data/shop.ndjson': shopItems() }, '', {
      requestTimeoutMs: 120_000,
    });
    // The PUT is held until the faults that follow it are in place: the plan's own GET types must see no source.
    const put = emulator.faults.add({ method: 'PUT', pathPrefix: TYPES, hold: true });
    const applying = project.cli('apply', '--yes');
    await emulator.faults.held(put.id);
    emulator.faults.add({ method: 'GET', pathPrefix: TYPES, status: 200, body: storedLess });
    emulator.faults.add({ ...DATA, status: 400, count: 1_000 });
    emulator.faults.release(put.id);
    const first = await applying;
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('GF_APPLY_INCONSISTENT');
    expect(emulator.inspect.counts('shop')?.total ?? 0).toBe(0);

    const state = await project.state();
    expect(Object.keys(state.sources.shop?.definition.contentTypes.Product?.properties ?? {}), 'state records what the service answered').toEqual(['Quantity']);
    expect(
      state.sources.shop?.pending?.repush.reason ?? '(state records no pending re-push)',
      'a create whose write read back differently must keep its pending re-push in state (src/apply/apply-plan.ts, where an inconsistent write is recorded), or its data: items are never pushed',
    ).toContain('source shop was created without its items');

    emulator.faults.clear();
    const plan = await project.cli('plan', '--format', 'json');
    expect((JSON.parse(plan.stdout) as { summary: { pending: number } }).summary.pending).toBe(1);
    const second = await project.cli('apply', '--yes');
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);
    expect((await project.state()).sources.shop?.pending).toBeUndefined();
  });
});
