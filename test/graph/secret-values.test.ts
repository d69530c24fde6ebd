import { describe, expect, it } from 'vitest';
import {
  heldSourceEntry,
  maskDeclarations,
  maskDefinition,
  maskSecretValues,
  maskSourceInfo,
  redactedDefinitionPaths,
  redactedPaths,
  revealSecretValues,
} from '../../src/graph/secret-values.js';
import type { JsonValue } from '../../src/diagnostics/errors.js';
import type { SourceDeclaration, SourceDefinition } from '../../src/model/types.js';

const SECRET = 'the-graph-secret-42';
const holds = (text: string): boolean => text.includes(SECRET);
const R = '[redacted]';

const shop = (): SourceDefinition => ({
  label: 'Shop',
  languages: ['en'],
  contentTypes: {
    Page: {
      contentType: [],
      properties: { Title: { type: 'String', helpText: 'Plain help', unknownFields: { hookKey: SECRET } } },
      unknownFields: { hook: { headers: ['x', `Bearer ${SECRET}`] } },
    },
  },
  unknownFields: { webhookAuth: SECRET, colour: 'blue' },
});

describe('maskSecretValues and redactedPaths', () => {
  it('replaces each whole string that holds a secret, at any depth, and names it by its dot-path', () => {
    // As JSON.parse gives it: `__proto__` an own key, a name like any other.
    const answer = JSON.parse(`{"a":"${SECRET}","b":{"c":[1,"x ${SECRET} y","plain"]},"d":null,"e":"plain","__proto__":"${SECRET}"}`) as JsonValue;
    const masked = maskSecretValues(answer, holds);
    expect(masked.paths).toEqual(['__proto__', 'a', 'b.c.1']);
    expect(JSON.stringify(masked.value)).toBe(`{"a":"${R}","b":{"c":[1,"${R}","plain"]},"d":null,"e":"plain","__proto__":"${R}"}`);
    expect(redactedPaths(masked.value)).toEqual(['__proto__', 'a', 'b.c.1']);
  });

  it('gives back the same value when nothing holds a secret', () => {
    const value = { a: ['plain', { b: 'text' }] };
    expect(maskSecretValues(value, holds)).toEqual({ value, paths: [] });
    expect(maskSecretValues(value, holds).value).toBe(value);
  });
});

describe('maskDefinition', () => {
  it("masks published and unknown fields in the wire form and reads the definition back; the paths are the service's", () => {
    const masked = maskDefinition(shop(), holds);
    expect(masked.paths).toEqual(['contentTypes.Page.hook.headers.1', 'contentTypes.Page.properties.Title.hookKey', 'webhookAuth']);
    expect(masked.definition.unknownFields).toEqual({ webhookAuth: R, colour: 'blue' });
    expect(masked.definition.contentTypes.Page).toMatchObject({
      unknownFields: { hook: { headers: ['x', R] } },
      properties: { Title: { helpText: 'Plain help', unknownFields: { hookKey: R } } },
    });
    expect(JSON.stringify(masked.definition)).not.toContain(SECRET);
    expect(redactedDefinitionPaths(masked.definition)).toEqual(masked.paths);
  });

  it('leaves a definition without a secret as the same object', () => {
    const definition: SourceDefinition = { label: 'Shop', languages: ['en'], contentTypes: {} };
    expect(maskDefinition(definition, holds).definition).toBe(definition);
    expect(redactedDefinitionPaths(definition)).toEqual([]);
  });

  it('masks only the declarations that hold a secret', () => {
    const plain: SourceDeclaration = { id: 'blog', definition: { languages: ['en'], contentTypes: {} }, data: [], file: 'blog.yaml' };
    const secret: SourceDeclaration = { id: 'shop', definition: shop(), data: ['data/*.ndjson'], file: 'shop.yaml' };
    const [first, second] = maskDeclarations([plain, secret], holds);
    expect(first).toBe(plain);
    expect(second).toMatchObject({ id: 'shop', data: ['data/*.ndjson'], file: 'shop.yaml', definition: { unknownFields: { webhookAuth: R } } });
  });
});

describe('revealSecretValues', () => {
  it('puts back what the service holds at each "[redacted]": a string that holds a secret', () => {
    const held = { webhookAuth: SECRET, contentTypes: { Page: { hook: { headers: ['y', `Bearer ${SECRET}`] } } } };
    const body = { languages: ['en'], webhookAuth: R, contentTypes: { Page: { hook: { headers: ['x', R] }, properties: {} } } };
    expect(revealSecretValues(body, held, holds)).toEqual({
      value: { languages: ['en'], webhookAuth: SECRET, contentTypes: { Page: { hook: { headers: ['x', `Bearer ${SECRET}`] }, properties: {} } } },
      missing: [],
    });
  });

  it.each([
    ['the service holds a value that is no secret there', { webhookAuth: 'plain' }],
    ['the service holds nothing there', { other: SECRET }],
    ['the service has no such source', undefined],
  ])('names the path and sends nothing in its place when %s', (_name, held) => {
    expect(revealSecretValues({ webhookAuth: R }, held, holds)).toEqual({ value: { webhookAuth: R }, missing: ['webhookAuth'] });
  });
});

describe('the sources API', () => {
  it('masks a label or description that holds a secret', () => {
    expect(maskSourceInfo({ id: 'shop', label: `Shop ${SECRET}`, description: 'fine', languages: ['en'] }, holds)).toEqual({
      id: 'shop',
      label: R,
      description: 'fine',
      languages: ['en'],
    });
    const plain = { id: 'shop', label: 'Shop', languages: ['en'] };
    expect(maskSourceInfo(plain, holds)).toBe(plain);
  });

  it("finds one source's entry in either form of the answer", () => {
    expect(
      heldSourceEntry(
        JSON.stringify([
          { id: 'blog', label: 'B' },
          { id: 'shop', label: SECRET },
        ]),
        'shop',
      ),
    ).toEqual({ id: 'shop', label: SECRET });
    expect(heldSourceEntry(JSON.stringify({ shop: { label: SECRET } }), 'shop')).toEqual({ label: SECRET });
    expect(heldSourceEntry('not json', 'shop')).toBeUndefined();
  });
});
