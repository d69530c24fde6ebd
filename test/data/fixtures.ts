import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataConfig } from '../../src/config/types.js';
import type { SourceDeclaration } from '../../src/model/types.js';

/**
 * The shop source of DESIGN.md §3, inline: an abstract base, a property type and a list.
 * Name is not searchable here, so every field's wire name is its plain one and the items
 * below go on the wire as they are written; wire-names tests declare their own flags.
 */
export function shopDeclaration(overrides: Partial<SourceDeclaration> = {}): SourceDeclaration {
  return {
    id: 'shop',
    file: 'content-sources/shop.yaml',
    data: [],
    definition: {
      label: 'Shop catalogue',
      languages: ['en', 'sv'],
      propertyTypes: {
        Dimensions: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } },
      },
      contentTypes: {
        Item: { abstract: true, contentType: [], properties: { Name: { type: 'String' } } },
        Product: {
          contentType: ['Item'],
          properties: {
            Quantity: { type: 'Int' },
            Price: { type: 'Float' },
            InStock: { type: 'Boolean' },
            Released: { type: 'Date' },
            Updated: { type: 'DateTime' },
            Size: { type: 'Dimensions' },
            Tags: { type: '[String]' },
            Sizes: { type: '[Dimensions]' },
          },
        },
        Service: { contentType: ['Item'], properties: { Hours: { type: 'Float' } } },
      },
    },
    ...overrides,
  };
}

export const DATA_CONFIG: DataConfig = {
  idField: 'Id',
  languageField: 'language_routing',
  batchMaxBytes: 4 * 1024 * 1024,
  batchMaxItems: 1000,
  concurrency: 4,
};

export function product(id: string, language = 'en', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Id: id,
    Name: `Product ${id}`,
    Quantity: 3,
    Size: { Width: 1.5, Height: 2 },
    Tags: ['a', 'b'],
    ContentType: ['Item', 'Product'],
    Language: { Name: language, DisplayName: language === 'en' ? 'English' : 'Svenska' },
    Status: 'Published',
    _rbac: 'r:Everyone:Read',
    ...extra,
  };
}

/** Wire form of items: action line + data line each. */
export function wireLines(items: readonly Record<string, unknown>[]): string {
  return items
    .map((item) => `${JSON.stringify({ index: { _id: item.Id, language_routing: (item.Language as { Name: string }).Name } })}\n${JSON.stringify(item)}\n`)
    .join('');
}

export interface TempDir {
  dir: string;
  write(name: string, content: string): Promise<string>;
  remove(): Promise<void>;
}

export async function tempDir(): Promise<TempDir> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-data-'));
  return {
    dir,
    async write(name, content) {
      const full = path.join(dir, name);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, content);
      return full;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
