import { compile } from 'json-schema-to-typescript';
import { describe, expect, it } from 'vitest';
import { typeScriptName, typeScriptNames, unionName } from '../../src/codegen/names.js';

describe('typeScriptName', () => {
  it.each([
    ['Product', 'Product'],
    ['product', 'Product'],
    ['blog_post', 'BlogPost'],
    ['_Hidden', '_Hidden'],
    ['_hidden', '_Hidden'],
    ['a__b', 'A_B'],
    ['Size2x', 'Size2X'],
    ['HTTPHeader', 'HTTPHeader'],
  ])('%s → %s, the name json-schema-to-typescript gives it, which it keeps when given again', async (graphqlName, expected) => {
    expect(typeScriptName(graphqlName)).toBe(expected);
    const named = async (title: string): Promise<string> => {
      const text = await compile({ title, type: 'object', properties: {}, additionalProperties: false }, title, { bannerComment: '', format: false });
      return /export interface (\S+)/.exec(text)?.[1] ?? '';
    };
    expect(await named(graphqlName)).toBe(expected);
    expect(await named(expected)).toBe(expected);
  });
});

describe('typeScriptNames', () => {
  it('numbers names that come out alike, in name order', () => {
    expect([...typeScriptNames(['blog_post', 'BlogPost', 'Page'])]).toEqual([
      ['BlogPost', 'BlogPost'],
      ['Page', 'Page'],
      ['blog_post', 'BlogPost2'],
    ]);
  });
});

describe('unionName', () => {
  it.each<[string, string[], string]>([
    ['shop', [], 'ShopItem'],
    ['shop', ['ShopItem'], 'ShopContentItem'],
    ['shop', ['ShopItem', 'ShopContentItem'], 'ShopItem2'],
    ['1abc', [], 'Source1AbcItem'],
  ])('source %s with types %j → %s', (id, taken, expected) => {
    expect(unionName(id, new Set(taken))).toBe(expected);
  });
});
