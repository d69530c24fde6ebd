import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import schema from '../../src/schema/content-source.schema.json' with { type: 'json' };

const repository = path.resolve(import.meta.dirname, '../..');

interface TypeGenerator {
  renderTypes(): Promise<string>;
  typesPath: string;
}

describe('content-source.schema.json', () => {
  it('is draft-07', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('closes every object and documents every property for editors', () => {
    const problems: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (record.type === 'object' && record.additionalProperties === undefined) problems.push(`${where}: additionalProperties not set`);
      const properties = record.properties as Record<string, Record<string, unknown>> | undefined;
      for (const [name, property] of Object.entries(properties ?? {})) {
        if (property.$ref === undefined && (typeof property.title !== 'string' || typeof property.description !== 'string')) {
          problems.push(`${where}.${name}: missing title or description`);
        }
        visit(property, `${where}.${name}`);
      }
      for (const key of ['items', 'additionalProperties'] as const) visit(record[key], `${where}[${key}]`);
      for (const [name, definition] of Object.entries((record.definitions as Record<string, unknown> | undefined) ?? {})) {
        visit(definition, `#/definitions/${name}`);
      }
    };
    visit(schema, '#');
    expect(problems).toEqual([]);
  });
});

describe('content-source.types.ts', () => {
  it('matches what npm run generate:types produces from the schema (no drift)', async () => {
    const scriptUrl = pathToFileURL(path.join(repository, 'scripts/generate-types.mjs')).href;
    const generator = (await import(scriptUrl)) as TypeGenerator;
    const expected = await generator.renderTypes();
    const checkedIn = await readFile(generator.typesPath, 'utf8');
    expect(checkedIn, 'src/schema/content-source.types.ts is out of date: run npm run generate:types').toBe(expected);
  });

  it('has a standalone validator that matches what npm run generate:validator produces (no drift)', async () => {
    const { generatedValidator } = (await import(pathToFileURL(path.join(repository, 'scripts/generate-validator.mjs')).href)) as {
      generatedValidator: () => string;
    };
    const checkedIn = await readFile(path.join(repository, 'src/schema/content-source.validate.ts'), 'utf8');
    expect(checkedIn === generatedValidator(), 'src/schema/content-source.validate.ts is out of date: run npm run generate:validator').toBe(true);
  });

  it('starts with a banner saying it is generated', async () => {
    const checkedIn = await readFile(path.join(repository, 'src/schema/content-source.types.ts'), 'utf8');
    expect(checkedIn.split('\n').slice(0, 4).join('\n')).toContain('GENERATED FILE: do not edit');
  });

  it('is generated at build time: in src/ only `graphform codegen` loads json-schema-to-typescript, on use', async () => {
    const sourceFiles = (await readdir(path.join(repository, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts'));
    const importers: string[] = [];
    for (const file of sourceFiles) {
      if ((await readFile(path.join(repository, 'src', file), 'utf8')).includes("'json-schema-to-typescript'")) importers.push(file);
    }
    expect(importers).toEqual(['codegen/typescript.ts']);
    // A type import and one dynamic import(): nothing loads it before codegen runs.
    const codegen = await readFile(path.join(repository, 'src/codegen/typescript.ts'), 'utf8');
    expect(codegen.match(/'json-schema-to-typescript'/g)).toHaveLength(2);
    expect(codegen).toContain("import type { JSONSchema, Options } from 'json-schema-to-typescript';");
    expect(codegen).toContain("await import('json-schema-to-typescript')");
  });
});
