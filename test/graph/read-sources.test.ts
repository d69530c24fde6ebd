import { describe, expect, it } from 'vitest';
import { readSourceList } from '../../src/graph/read-sources.js';

const shop = { label: 'Shop', description: 'Products', languages: ['en', 'sv'] };

describe('reading the sources list', () => {
  it.each([
    ['the array form', [{ id: 'shop', ...shop }], [{ id: 'shop', label: 'Shop', description: 'Products', languages: ['en', 'sv'] }]],
    ['the map form', { shop }, [{ id: 'shop', label: 'Shop', description: 'Products', languages: ['en', 'sv'] }]],
    ['an empty array', [], []],
    ['an empty map', {}, []],
    ['a null description', [{ id: 'shop', ...shop, description: null }], [{ id: 'shop', label: 'Shop', languages: ['en', 'sv'] }]],
    ['no description', { shop: { label: 'Shop', languages: [] } }, [{ id: 'shop', label: 'Shop', languages: [] }]],
    ['unknown fields', [{ id: 'default', label: 'CMS', languages: ['en'], created: 1, owner: { x: 1 } }], [{ id: 'default', label: 'CMS', languages: ['en'] }]],
    ['a source without label (the published documentation creates one)', { shop: { languages: ['en'] } }, [{ id: 'shop', label: '', languages: ['en'] }]],
    ['a null label', [{ id: 'shop', label: null, languages: ['en'] }], [{ id: 'shop', label: '', languages: ['en'] }]],
  ])('reads %s', (_name, value, sources) => {
    expect(readSourceList(value)).toEqual({ ok: true, sources });
  });

  it.each([
    ['a string', 'shop', 'the answer is neither a list of sources nor a map of id to source'],
    ['null', null, 'the answer is neither a list of sources nor a map of id to source'],
    ['a single source object', { id: 'shop', ...shop }, 'the answer is a single source, not a list or a map of sources'],
    ['an array entry without id', [shop], '[0].id is not a non-empty string'],
    ['an array entry with an empty id', [{ ...shop, id: '' }], '[0].id is not a non-empty string'],
    ['an entry that is not an object', [{ id: 'shop', ...shop }, 'blog'], '[1] is not an object'],
    ['a label that is a number', { shop: { label: 2, languages: [] } }, 'shop.label is not a string'],
    ['languages that are not strings', { shop: { ...shop, languages: [1] } }, 'shop.languages is not a list of strings'],
    ['no languages', [{ id: 'shop', label: 'Shop' }], '[0].languages is not a list of strings'],
    ['a description that is a number', [{ id: 'shop', ...shop, description: 3 }], '[0].description is not a string'],
  ])('refuses %s', (_name, value, problem) => {
    expect(readSourceList(value)).toEqual({ ok: false, problem });
  });
});
