import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { WireNames } from '../../src/data/wire-names.js';
import type { SourceDeclaration } from '../../src/model/types.js';

/** The benchmark's source: the shop shape of DESIGN.md, under its own id. */
export const BENCH_SOURCE: SourceDeclaration = {
  id: 'bnch',
  file: 'bench.yaml',
  data: [],
  definition: {
    label: 'Benchmark',
    languages: ['en', 'sv'],
    propertyTypes: { Dimensions: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } } },
    contentTypes: {
      Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true }, Description: { type: 'String', searchable: true } } },
      Product: {
        contentType: ['Item'],
        properties: {
          Quantity: { type: 'Int' },
          Price: { type: 'Float' },
          Size: { type: 'Dimensions' },
          Tags: { type: '[String]' },
          Released: { type: 'Date' },
        },
      },
    },
  },
};

const WORDS = ['oak', 'linen', 'brass', 'walnut', 'ceramic', 'wool', 'glass', 'steel', 'birch', 'pine', 'cotton', 'leather'];

/** The benchmark's item number `i`: a Product, in en or sv. */
export function benchItem(i: number): Record<string, unknown> {
  const language = i % 2 === 0 ? 'en' : 'sv';
  const word = (n: number): string => WORDS[(i + n) % WORDS.length] ?? 'oak';
  return {
    Id: `b${i}`,
    Name: `${word(0)} ${word(3)} item ${i}`,
    Description: `A ${word(1)} and ${word(2)} piece, number ${i}. `.repeat(4 + (i % 5)),
    Quantity: i % 500,
    Price: (i % 10_000) / 100,
    Size: { Width: i % 190, Height: (i % 70) + 0.5 },
    Tags: [word(4), word(5), word(6)],
    Released: `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`,
    ContentType: ['Item', 'Product'],
    Language: { Name: language, DisplayName: language === 'en' ? 'English' : 'Svenska' },
    Status: 'Published',
    _rbac: 'r:Everyone:Read',
  };
}

/**
 * Writes minified wire-form NDJSON until the file holds at least `targetBytes`. Field names
 * are the wire names by default (`Name___searchable`, as the vendor's clients and graphform's
 * push send them), so the file goes on the wire as it is; `plain` writes the declared names,
 * which the push renames.
 */
export async function writeBenchFile(file: string, targetBytes: number, names: 'wire' | 'plain' = 'wire'): Promise<{ items: number; bytes: number }> {
  const out = createWriteStream(file, { highWaterMark: 1024 * 1024 });
  const wire = new WireNames(BENCH_SOURCE.definition);
  let bytes = 0;
  let items = 0;
  while (bytes < targetBytes) {
    const data = names === 'wire' ? wire.toWire(benchItem(items), 'Product') : benchItem(items);
    const text = `{"index":{"_id":"${String(data.Id)}","language_routing":"${(data.Language as { Name: string }).Name}"}}\n${JSON.stringify(data)}\n`;
    bytes += Buffer.byteLength(text);
    items++;
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { items, bytes };
}
