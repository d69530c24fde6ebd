import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { graphClientFor, startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/**
 * A `moved` entry onto a property the service already holds beside the moved one would
 * overwrite that property's values on every item. State may not know the property (it was
 * added outside graphform): plan judges on what the service answers, and refuses at the
 * entry's line.
 */
describe('plan, with a property moved onto one the service holds', () => {
  beforeAll(assertFreshBuild);

  it('refuses at the moved entry, though validate (which knows state only) passes', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml({ languages: 'en' }) });
    const env = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret };
    expect((await runBuilt(project.dir, ['apply', '--yes'], env)).code).toBe(0);
    // Outside graphform, Product gains Shade beside Color.
    const held = await graphClientFor(emulator).getTypes('shop');
    if (held.status !== 'found') throw new Error('the emulator does not hold source shop after apply');
    const product = held.definition.contentTypes.Product;
    if (product === undefined) throw new Error('the emulator holds no Product');
    await graphClientFor(emulator).putTypes('shop', {
      ...held.definition,
      contentTypes: { ...held.definition.contentTypes, Product: { ...product, properties: { ...product.properties, Shade: { type: 'String' } } } },
    });

    const renamed = shopYaml({ languages: 'en', productProperties: '      Quantity: { type: Int }\n      Shade: { type: String }' });
    await project.write({ 'content-sources/shop.yaml': `${renamed}moved:\n  - { from: Product.Color, to: Product.Shade }\n` });
    const validated = await runBuilt(project.dir, ['validate'], env);
    expect(validated.code, `state does not know Shade, so validate passes:\n${validated.stdout}${validated.stderr}`).toBe(0);

    const planned = await runBuilt(project.dir, ['plan'], env);
    expect(planned.code, `plan should refuse the move onto Shade:\n${planned.stdout}${planned.stderr}`).toBe(1);
    expect(planned.stdout + planned.stderr).toMatch(/content-sources\/shop\.yaml:16:\d+ error GF_MOVED_ONTO_EXISTING/);
    expect(planned.stdout + planned.stderr).toContain("every item's `Product.Shade` value would be overwritten by its `Product.Color` value");
  });
});
