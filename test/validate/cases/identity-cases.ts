import { type InvalidCase, valid } from './case.js';

export const identityCases: InvalidCase[] = [
  {
    name: 'id too long',
    files: { 'shop.yaml': 'id: shopping\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:1:5 GF_ID_TOO_LONG'],
    messages: ['8 characters long; the graph service allows at most 4 (e.g. `shop`)'],
  },
  {
    name: 'id with characters other than a-z and 0-9',
    files: { 'shop.yaml': 'id: Sh_p\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:1:5 GF_ID_INVALID_CHARS'],
    messages: ['id `Sh_p` may only hold lowercase a-z and 0-9 (e.g. `shp`)'],
  },
  {
    name: 'id both too long and with bad characters reports both',
    files: { 'shop.yaml': 'label: Shop\nid: "My-Shop"\nlanguages: [en]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:2:5 GF_ID_INVALID_CHARS', 'shop.yaml:2:5 GF_ID_TOO_LONG'],
    messages: ['(e.g. `mysh`)', 'is 7 characters long; the graph service allows at most 4 (e.g. `mysh`)'],
  },
  {
    name: 'id missing',
    files: { 'shop.yaml': '# no id here\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:1:1 GF_ID_MISSING'],
    messages: ['has no `id`'],
  },
  {
    name: 'id empty',
    files: { 'shop.yaml': 'id: ""\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:1:5 GF_ID_MISSING'],
  },
  {
    name: 'id written as a number',
    files: { 'shop.yaml': 'id: 1234\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:1:5 GF_INVALID_TYPE'],
    messages: ['expected a string, got a number (1234); quote it: id: "1234"'],
  },
  {
    name: 'id with leading zeros, which YAML reads as a number: the hint quotes the text as written',
    files: { 'shop.yaml': 'id: 0012  # the shop\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:1:5 GF_INVALID_TYPE'],
    messages: ['expected a string, got a number (12); quote it: id: "0012"'],
  },
  {
    name: 'numbers in a flow list are quoted as written, without a key',
    files: { 'shop.yaml': 'id: shop\nlabel: 1.50\nlanguages: [en, 0x1F]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:2:8 GF_INVALID_TYPE', 'shop.yaml:3:17 GF_INVALID_TYPE'],
    messages: ['got a number (1.5); quote it: label: "1.50"', 'got a number (31); quote it: "0x1F"'],
  },
  {
    name: 'the same id in two files is reported on the second',
    files: { 'a.yaml': valid('shop', 'Product'), 'b.yaml': `\n${valid('shop', 'Article')}` },
    expected: ['b.yaml:2:5 GF_DUPLICATE_ID'],
    messages: ['already declared in a.yaml:1'],
  },
  {
    name: 'more sources than maxSources',
    files: { 'a.yaml': valid('a', 'A'), 'b.yaml': valid('b', 'B'), 'c.yaml': valid('c', 'C') },
    context: { maxSources: 2 },
    expected: ['c.yaml:1:1 GF_TOO_MANY_SOURCES'],
    messages: ['3 sources are declared, but the account allows 2'],
  },
  {
    name: 'sources only in state count towards maxSources',
    files: { 'a.yaml': valid('a', 'A'), 'b.yaml': valid('b', 'B') },
    context: { maxSources: 2, stateSources: { old: { label: 'Old', languages: ['en'], contentTypes: {} } } },
    expected: ['b.yaml:1:1 GF_TOO_MANY_SOURCES'],
    messages: ['2 sources are declared and 1 more (old) are in state but no longer declared'],
  },
];
