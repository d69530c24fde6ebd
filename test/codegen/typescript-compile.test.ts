import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { codegenIn, examplesProject, fixtureProject, repository } from './codegen-project.js';

const run = promisify(execFile);
const tsc = path.join(repository, 'node_modules/typescript/bin/tsc');

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: [],
  },
  include: ['**/*.ts'],
};

/** Runs the repository's TypeScript on the folder; the compiler's output when it fails. */
async function typeCheck(dir: string): Promise<{ ok: boolean; output: string }> {
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  try {
    await run(process.execPath, [tsc, '-p', dir]);
    return { ok: true, output: '' };
  } catch (error) {
    const e = error as { stdout: string; stderr: string };
    return { ok: false, output: `${e.stdout}${e.stderr}` };
  }
}

/** The data lines of an example data file: NDJSON without its action lines, a JSON array, or a YAML list. */
async function itemsOf(file: string): Promise<unknown[]> {
  const text = await readFile(file, 'utf8');
  if (file.endsWith('.ndjson'))
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => !('index' in line));
  return (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as unknown[];
}

describe('generated TypeScript under --strict', () => {
  it('types every item of the example data files, and refuses items that do not fit', async () => {
    const dir = await examplesProject();
    await codegenIn(dir);
    const data = (name: string): string => path.join(dir, 'content-sources/data', name);
    const shop = [...(await itemsOf(data('shop/products.ndjson'))), ...(await itemsOf(data('shop/bundles.ndjson')))];
    const blog = [...(await itemsOf(data('blog/posts.yaml'))), ...(await itemsOf(data('blog/drafts.json')))];
    expect(shop.length).toBeGreaterThan(10);
    expect(blog.length).toBeGreaterThan(3);
    await writeFile(
      path.join(dir, 'samples.ts'),
      [
        "import type { Author, BlogItem } from './generated/graphform/blog.js';",
        "import type { FaqEntry } from './generated/graphform/faq.js';",
        "import type { Bundle, Dimensions, Item, Product, ShopItem } from './generated/graphform/shop.js';",
        // Object literals, so excess property checks run on every field of every item.
        `export const shop: ShopItem[] = ${JSON.stringify(shop, null, 2)};`,
        `export const blog: BlogItem[] = ${JSON.stringify(blog, null, 2)};`,
        "export const faq: FaqEntry = { ContentType: ['FaqEntry'], Question: 'Why?', Answer: 'Because.', Helpful: 3 };",
        // Inheritance is `extends`: a product is an Item.
        'export const asBase = (product: Product): Item => product;',
        'export const sizes = (bundle: Bundle): (Dimensions | null)[] => bundle.PackageSizes ?? [];',
        'export const firstAuthor = (post: BlogItem): Author | null | undefined => post.Authors?.[0];',
        '// @ts-expect-error Quantity is an Int',
        "export const wrongType: Product = { ContentType: ['Item', 'Product'], Quantity: 'twelve' };",
        '// @ts-expect-error Colour is not a property of Product',
        "export const undeclared: Product = { ContentType: ['Item', 'Product'], Colour: 'red' };",
        '// @ts-expect-error ContentType is required on every item',
        "export const untyped: FaqEntry = { Question: 'Why?' };",
        '// @ts-expect-error Sku is a property of Product, not of Bundle',
        "export const notABundle: Bundle = { ContentType: ['Item', 'Bundle'], Sku: 'P-1' };",
        '',
      ].join('\n'),
    );
    const result = await typeCheck(dir);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  it('compiles a source with several bases, a concrete base and property types in lists, and fails when a sample does not fit', async () => {
    const dir = await fixtureProject();
    await codegenIn(dir);
    const samples = [
      "import type { Audiobook, FirstEdition, LibItem, Printed, Recorded, Shelf } from './generated/graphform/lib.js';",
      "const shelf: Shelf = { Room: 'B2', Positions: [1, 2] };",
      "export const book: FirstEdition = { ContentType: ['Work', 'Printed', 'Book', 'first_edition'], Title: 'Dune', Pages: 412, Shelves: [shelf, null], Signed: true, AcquiredAt: '2024-01-02T03:04:05Z', Link: 'https://example.com' };",
      "export const listen: Audiobook = { ContentType: ['Audiobook'], Minutes: 61.5, Narrators: ['A'], Isbn: { Value: '978' } };",
      'export const both = (a: Audiobook): [Printed, Recorded] => [a, a];',
      'export const items: LibItem[] = [book, listen];',
      '',
    ];
    await writeFile(path.join(dir, 'samples.ts'), samples.join('\n'));
    const good = await typeCheck(dir);
    expect(good.output).toBe('');

    // The same check fails for a sample that does not fit: the test can tell.
    await writeFile(path.join(dir, 'samples.ts'), [...samples, "export const bad: Shelf = { Positions: ['one'] };", ''].join('\n'));
    const bad = await typeCheck(dir);
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("Type 'string' is not assignable to type 'number'");
  });
});
