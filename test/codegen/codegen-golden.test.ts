import { buildSchema, validateSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { codegenIn, examplesProject, fixtureProject, generated } from './codegen-project.js';

const FILES = (id: string): string[] => [`${id}.ts`, `${id}.graphql`, `${id}.schema.json`];

describe('graphform codegen output (golden files; `npx vitest run -u` rewrites them)', () => {
  it('for the example sources in content-sources/', async () => {
    const dir = await examplesProject();
    await codegenIn(dir);
    for (const id of ['blog', 'faq', 'shop']) {
      for (const name of FILES(id)) await expect(await generated(dir, name)).toMatchFileSnapshot(`golden/examples/${name}`);
    }
  });

  it('for a source with abstract chains, a concrete base, two bases, property types, lists, dates and a custom scalar', async () => {
    const dir = await fixtureProject();
    await codegenIn(dir);
    for (const name of FILES('lib')) await expect(await generated(dir, name)).toMatchFileSnapshot(`golden/fixture/${name}`);
  });

  it('writes SDL that is a valid GraphQL schema once a query type is added', async () => {
    for (const [dir, ids] of [
      [await examplesProject(), ['blog', 'faq', 'shop']],
      [await fixtureProject(), ['lib']],
    ] as const) {
      await codegenIn(dir);
      for (const id of ids) {
        const schema = buildSchema(`${await generated(dir, `${id}.graphql`)}\ntype Query { ok: Boolean }\n`);
        expect(validateSchema(schema), id).toEqual([]);
      }
    }
  });

  it('writes the same bytes again: a second run leaves every file as it was', async () => {
    const dir = await fixtureProject();
    await codegenIn(dir);
    const first = await Promise.all(FILES('lib').map((name) => generated(dir, name)));
    const again = await codegenIn(dir);
    expect(again).toContain('every file was up to date');
    expect(again).not.toContain('wrote');
    expect(await Promise.all(FILES('lib').map((name) => generated(dir, name)))).toEqual(first);
  });
});
