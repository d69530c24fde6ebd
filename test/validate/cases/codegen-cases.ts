import type { ConfigEntry } from '../../../src/validate/context.js';
import { type InvalidCase, valid } from './case.js';

/** The config's codegen.sources as validation is given it: each id at its line in the config. */
const entries = (...values: string[]): ConfigEntry[] =>
  values.map((value, i) => ({ value, file: 'graphform.config.yaml', line: 3 + i, column: 7, path: `codegen.sources[${i}]` }));

export const codegenCases: InvalidCase[] = [
  {
    name: 'codegen.sources names an undeclared source: at the entry in the config, with a did-you-mean',
    files: { 'shop.yaml': valid('shop', 'Product'), 'blog.yaml': valid('blog', 'Post') },
    context: { codegenSources: entries('blog', 'shp') },
    expected: ['graphform.config.yaml:4:7 GF_CODEGEN_UNKNOWN_SOURCE'],
    messages: ['codegen.sources[1] names the source `shp`, which is not declared; graphform codegen would refuse it. Did you mean `shop`?'],
  },
  {
    name: 'codegen.sources names an id like none declared: the declared ones are listed',
    files: { 'shop.yaml': valid('shop', 'Product'), 'blog.yaml': valid('blog', 'Post') },
    context: { codegenSources: entries('news') },
    expected: ['graphform.config.yaml:3:7 GF_CODEGEN_UNKNOWN_SOURCE'],
    messages: ['`news`, which is not declared; graphform codegen would refuse it. Declared sources: blog, shop.'],
  },
];
