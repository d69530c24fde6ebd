import { buildClientSchema, getIntrospectionQuery, isObjectType, type IntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';

// GraphiQL, graphql-codegen's URL loader and IDE plugins all send graphql-js's standard
// introspection query (15 levels deep), and build a client schema from the answer.
describe('introspection as frontend tools send it', () => {
  it('answers the standard introspection query, and a client schema builds from it', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator, { scheme: 'basic' });
    await client.putTypes('shop', sampleDefinition());
    await client.pushData('shop', indexLines([{ id: 1, language: 'en' }]));
    const response = await fetch(`${emulator.url}/content/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `epi-single ${emulator.singleKey}` },
      body: JSON.stringify({ query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }) }),
    });
    const body = (await response.json()) as { data?: IntrospectionQuery; errors?: unknown };
    expect(body.errors, 'the standard introspection query was refused').toBeUndefined();
    expect(response.status).toBe(200);
    const schema = buildClientSchema(body.data as IntrospectionQuery);
    const product = schema.getType('Product');
    expect(isObjectType(product) && Object.keys(product.getFields())).toEqual(expect.arrayContaining(['_id', 'Name', 'Quantity', 'Size', 'Tags']));
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual(expect.arrayContaining(['Item', 'Product']));
  });
});
