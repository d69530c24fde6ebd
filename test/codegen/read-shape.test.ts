import { describe, expect, it } from 'vitest';
import { sourceReadTypeScript } from '../../src/codegen/typescript-read.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';

/** The fields of each generated `export interface XRead { … }`, by interface name. */
function readInterfaces(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of text.matchAll(/export interface (\w+) \{\n([\s\S]*?)\n\}/g)) {
    found.set(
      match[1] ?? '',
      [...(match[2] ?? '').matchAll(/^ {2}(\w+)\?:/gm)].map((field) => field[1] ?? ''),
    );
  }
  return found;
}

describe('the read shape is what the content GraphQL endpoint returns', () => {
  it('every field of ProductRead and ItemRead is served, and an item read with all of them has exactly those keys', async () => {
    const definition = sampleDefinition();
    const text = sourceReadTypeScript(
      'shop',
      definition,
      new Map([
        ['Item', 'Item'],
        ['Product', 'Product'],
        ['Dimensions', 'Dimensions'],
      ]),
      'ShopItem',
    );
    expect(text).toContain('export type ShopItemRead = ProductRead;');
    const shapes = readInterfaces(text);
    expect(shapes.get('ProductRead')).toEqual(['__typename', '_id', '_score', 'ContentType', 'Language', 'Name', 'Quantity', 'Size', 'Tags']);
    expect(shapes.get('DimensionsRead')).toEqual(['Width', 'Height']);

    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', definition);
    await client.pushData('shop', indexLines([{ id: 7, language: 'en', fields: { Quantity: 3, Size: { Width: 1, Height: 2 }, Tags: ['a'] } }]));
    const selection = (fields: readonly string[]): string =>
      fields
        .map((field) =>
          field === 'Language' ? 'Language { Name DisplayName }' : field === 'Size' ? `Size { ${(shapes.get('DimensionsRead') ?? []).join(' ')} }` : field,
        )
        .join(' ');
    for (const [type, shape] of [
      ['Product', 'ProductRead'],
      ['Item', 'ItemRead'],
    ] as const) {
      const fields = shapes.get(shape) ?? [];
      const answer = await fetch(`${emulator.url}/content/v2?auth=${emulator.singleKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ ${type} { items { ${selection(fields)} } } }` }),
      });
      const body = (await answer.json()) as { data?: Record<string, { items: Record<string, unknown>[] }>; errors?: unknown[] };
      expect(body.errors, shape).toBeUndefined();
      const [item] = body.data?.[type]?.items ?? [];
      expect(Object.keys(item ?? {}), shape).toEqual(fields);
      expect(item).toMatchObject({ __typename: 'Product', _id: '7', _score: 0, ContentType: ['Item', 'Product'], Language: { Name: 'en' } });
    }
  });

  it('takes a Read name that a declared type already has, by numbering', () => {
    const text = sourceReadTypeScript(
      'shop',
      sampleDefinition(),
      new Map([
        ['Item', 'Item'],
        ['Product', 'Product'],
        ['ProductRead', 'ProductRead'],
        ['Dimensions', 'Dimensions'],
      ]),
      'ShopItem',
    );
    expect(text).toContain('export interface ProductRead2 {');
    expect(text).not.toContain('export interface ProductRead {');
    expect(text).toContain('export type ShopItemRead = ProductRead2;');
  });
});
