import { describe, expect, it } from 'vitest';
import { ITEM_FIELDS_SERVED_BY_DEFAULT, type EmulatorOptions, type ItemField, type RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator, type SampleItem } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

// public-facts.md, "Reading items back": whether Status, _rbac and RolesWithReadAccess can be
// selected is not published. The emulator serves the ones `itemFields` lists (default Status)
// as top-level String fields, so a client can be tested where they are served and where not.

interface Answer {
  status: number;
  data?: Record<string, { items: Array<Record<string, unknown>> }>;
  errors?: Array<{ message: string }>;
}

async function query(emulator: RunningEmulator, text: string): Promise<Answer> {
  const response = await rawRequest(emulator, {
    method: 'POST',
    target: '/content/v2',
    body: JSON.stringify({ query: text }),
    contentType: 'application/json',
    auth: 'hmac',
  });
  return { status: response.status, ...(JSON.parse(response.text) as Omit<Answer, 'status'>) };
}

const items: SampleItem[] = [
  { id: 'public', language: 'en', fields: { RolesWithReadAccess: 'Everyone' } },
  { id: 'draft', language: 'en', fields: { Status: 'Draft', _rbac: 'r:Editors:Read', RolesWithReadAccess: 'Editors' } },
  { id: 'bare', language: 'en', fields: { Status: undefined, _rbac: undefined } },
];

async function seeded(options: EmulatorOptions = {}, definition = sampleDefinition({ languages: ['en'] })): Promise<RunningEmulator> {
  const emulator = await startTestEmulator(options);
  const client = graphClientFor(emulator);
  await client.putTypes('shop', definition);
  await client.pushData('shop', indexLines(items));
  return emulator;
}

describe('the item fields Status, _rbac and RolesWithReadAccess of the content GraphQL endpoint', () => {
  it('serves Status by default, from the data line, and refuses to select _rbac or RolesWithReadAccess', async () => {
    expect(ITEM_FIELDS_SERVED_BY_DEFAULT).toEqual(['Status']);
    const emulator = await seeded();
    expect(await query(emulator, '{ Product { items { _id Status } } }')).toEqual({
      status: 200,
      data: {
        Product: {
          items: [
            { _id: 'public', Status: 'Published' },
            { _id: 'draft', Status: 'Draft' },
            { _id: 'bare', Status: null },
          ],
        },
      },
    });
    for (const field of ['_rbac', 'RolesWithReadAccess']) {
      const refused = await query(emulator, `{ Product { items { _id ${field} } } }`);
      expect(refused.status).toBe(400);
      expect(refused.data).toBeUndefined();
      expect(refused.errors?.[0]?.message).toContain(`Cannot query field "${field}" on type "Product".`);
    }
  });

  it('serves all three when itemFields lists them, with the pushed values (null when absent)', async () => {
    const emulator = await seeded({ itemFields: ['Status', '_rbac', 'RolesWithReadAccess'] });
    expect(await query(emulator, '{ Product { items { _id Status _rbac RolesWithReadAccess } } }')).toEqual({
      status: 200,
      data: {
        Product: {
          items: [
            { _id: 'public', Status: 'Published', _rbac: 'r:Everyone:Read', RolesWithReadAccess: 'Everyone' },
            { _id: 'draft', Status: 'Draft', _rbac: 'r:Editors:Read', RolesWithReadAccess: 'Editors' },
            { _id: 'bare', Status: null, _rbac: null, RolesWithReadAccess: null },
          ],
        },
      },
    });
  });

  it('serves none with itemFields: []', async () => {
    const emulator = await seeded({ itemFields: [] });
    expect((await query(emulator, '{ Product { items { _id } } }')).status).toBe(200);
    for (const field of ['Status', '_rbac', 'RolesWithReadAccess']) {
      const refused = await query(emulator, `{ Product { items { ${field} } } }`);
      expect(refused.status).toBe(400);
      expect(refused.errors?.[0]?.message).toContain(`Cannot query field "${field}" on type "Product".`);
    }
  });

  it('serves them on interfaces (abstract types) too', async () => {
    const emulator = await seeded({ itemFields: ['Status', '_rbac'] });
    expect(await query(emulator, '{ Item { items { _id Status _rbac ... on Product { Quantity } } } }')).toEqual({
      status: 200,
      data: {
        Item: {
          items: [
            { _id: 'public', Status: 'Published', _rbac: 'r:Everyone:Read', Quantity: null },
            { _id: 'draft', Status: 'Draft', _rbac: 'r:Editors:Read', Quantity: null },
            { _id: 'bare', Status: null, _rbac: null, Quantity: null },
          ],
        },
      },
    });
    const refused = await query(emulator, '{ Item { items { RolesWithReadAccess } } }');
    expect(refused.errors?.[0]?.message).toContain('Cannot query field "RolesWithReadAccess" on type "Item".');
  });

  it('a declared property of a served item field name is not a second field: the item field wins; one not served stays a property', async () => {
    const base = sampleDefinition({ languages: ['en'] });
    const definition = sampleDefinition({
      languages: ['en'],
      contentTypes: {
        ...base.contentTypes,
        Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true }, Status: { type: 'Int' } } },
        Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int' }, RolesWithReadAccess: { type: 'String' } } },
      },
    });
    const emulator = await seeded({}, definition);
    const fieldType = async (type: string, field: string): Promise<unknown> => {
      const answer = await query(emulator, `{ __type(name: "${type}") { fields { name type { name } } } }`);
      const fields = (answer.data as unknown as { __type: { fields: Array<{ name: string; type: { name: string | null } }> } }).__type.fields;
      return fields.filter((f) => f.name === field).map((f) => f.type.name);
    };
    // Status: the item field (String), once, on the interface and the type deriving from it.
    expect(await fieldType('Item', 'Status')).toEqual(['String']);
    expect(await fieldType('Product', 'Status')).toEqual(['String']);
    // RolesWithReadAccess is not served by default: the declared property is.
    expect(await fieldType('Product', 'RolesWithReadAccess')).toEqual(['String']);
    expect(await query(emulator, '{ Product { items { _id Status RolesWithReadAccess } } }')).toMatchObject({
      status: 200,
      data: {
        Product: {
          items: [
            { _id: 'public', Status: 'Published', RolesWithReadAccess: 'Everyone' },
            { _id: 'draft', Status: 'Draft', RolesWithReadAccess: 'Editors' },
            { _id: 'bare', Status: null, RolesWithReadAccess: null },
          ],
        },
      },
    });
  });

  it('refuses an unknown item field, naming the allowed ones', async () => {
    await expect(startTestEmulator({ itemFields: ['Status', 'Owner'] as unknown as readonly ItemField[] })).rejects.toMatchObject({
      code: 'GF_EMULATOR_BAD_OPTIONS',
      message: expect.stringContaining('"Owner" is not an item field the emulator can serve; the allowed ones are Status, _rbac, RolesWithReadAccess'),
    });
  });
});
