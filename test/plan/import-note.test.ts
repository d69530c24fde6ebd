import { describe, expect, it } from 'vitest';
import type { SourceDeclaration } from '../../src/model/types.js';
import { declaration, edit, planOf, shop } from './builders.js';

/** The shop source with an import: block (its items come from the marketing platform). */
function importing(definition = shop()): SourceDeclaration {
  return { ...declaration('shop', definition), import: { from: 'assets', contentType: 'Product', mapping: { Name: 'title' } } };
}

const note = (when: string): string =>
  `${when}, run \`graphform assets sync shop\` to bring its items from the marketing platform's assets (import:); apply does not sync`;

describe('the plan of a source with an import: block', () => {
  it.each([
    { name: 'a new source', applied: {}, declared: importing(), action: 'create', expected: note('once it is created') },
    {
      name: 'a full update',
      applied: { shop: shop() },
      declared: importing(edit(shop(), (d) => void delete d.contentTypes.Product?.properties.Color)),
      action: 'full',
      expected: note('after the full update'),
    },
  ])('says after $name that apply does not sync', ({ applied, declared, action, expected }) => {
    const plan = planOf({ applied, declared: [declared], remote: action === 'create' ? { shop: { status: 'missing' } } : {} });
    expect(plan.sources[0]?.action).toBe(action);
    expect(plan.sources[0]?.reasons).toContain(expected);
  });

  it('says nothing of syncing when items are kept, or when there is no import: block', () => {
    const partial = planOf({ applied: { shop: shop() }, declared: [importing(edit(shop(), (d) => void (d.languages = ['en', 'sv', 'de'])))] });
    expect(partial.sources[0]?.action).toBe('partial');
    expect(partial.sources[0]?.reasons.join('\n')).not.toContain('assets sync');
    const plain = planOf({ applied: {}, declared: [declaration('shop', shop())], remote: { shop: { status: 'missing' } } });
    expect(plain.sources[0]?.reasons.join('\n')).not.toContain('assets sync');
  });
});
