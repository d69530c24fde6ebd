import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildClientSchema, buildSchema, isInterfaceType, isObjectType, parse, printSchema, validate, type IntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { codegenIn, examplesProject } from './codegen-project.js';

const OUT = 'generated/graphform';
const read = (dir: string, name: string): Promise<string> => readFile(path.join(dir, OUT, name), 'utf8');

/** The fields of `export interface <name> { … }` in a generated TypeScript file, __typename aside. */
function interfaceFields(ts: string, name: string): string[] {
  const body = new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`).exec(ts)?.[1];
  if (body === undefined) throw new Error(`no interface ${name} in the generated file`);
  return [...body.matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1] as string).filter((f) => f !== '__typename');
}

describe('codegen writes the schema the endpoint serves, for a frontend codegen run offline', () => {
  it('_schema.graphql has type Query and validates a frontend query; a query of a field not served does not', async () => {
    const dir = await examplesProject();
    await codegenIn(dir);
    const sdl = await read(dir, '_schema.graphql');
    expect(sdl).toMatch(/^type Query \{$/m);
    const schema = buildSchema(sdl);
    const query = parse(
      'query PostList($l: [Locales]) { BlogPost(locale: $l, limit: 10, where: { ReadingMinutes: { gt: 3 } }) { items { _id Title Status Authors { FullName } } total } }',
    );
    expect(validate(schema, query).map((e) => e.message)).toEqual([]);
    expect(validate(schema, parse('{ BlogPost { items { Nope } } }')).map((e) => e.message)).toEqual(['Cannot query field "Nope" on type "BlogPost".']);
    // The introspection JSON is the same schema.
    const introspection = JSON.parse(await read(dir, '_schema.introspection.json')) as IntrospectionQuery;
    expect(printSchema(buildClientSchema(introspection))).toBe(printSchema(schema));
  });

  it("graphform's read types have exactly the fields the schema serves, Status included, and no Status where the environment does not serve it", async () => {
    const dir = await examplesProject();
    await codegenIn(dir);
    const schema = buildSchema(await read(dir, '_schema.graphql'));
    const shop = await read(dir, 'shop.ts');
    for (const [type, readName] of [
      ['Product', 'ProductRead'],
      ['Bundle', 'BundleRead'],
      ['Item', 'ItemRead'],
    ] as const) {
      const served = schema.getType(type);
      if (!isObjectType(served) && !isInterfaceType(served)) throw new Error(`${type} is not served as a type with fields`);
      expect(interfaceFields(shop, readName).sort(), `${readName} against the served ${type}`).toEqual(Object.keys(served.getFields()).sort());
    }
    expect(interfaceFields(shop, 'ProductRead')).toEqual(expect.arrayContaining(['Status', '_score']));

    const config = await readFile(path.join(dir, 'graphform.config.yaml'), 'utf8');
    await writeFile(
      path.join(dir, 'graphform.config.yaml'),
      config.replace('emulator: { dataDir: .graphform/emulator }', 'emulator: { dataDir: .graphform/emulator, itemFields: [] }'),
    );
    await codegenIn(dir);
    expect(Object.keys((buildSchema(await read(dir, '_schema.graphql')).getType('Product') as { getFields(): object }).getFields())).not.toContain('Status');
    expect(interfaceFields(await read(dir, 'shop.ts'), 'ProductRead')).not.toContain('Status');
  });
});
