import { describe, expect, it } from 'vitest';
import type { ChangeKind } from '../../src/diff/change.js';
import type { RemoteDefinition } from '../../src/graph/types.js';
import type { PartialTypesBody, SourceDefinition } from '../../src/model/types.js';
import type { PlanAction, PlanOptions, PlanRequest } from '../../src/plan/types.js';
import { declaration, edit, planOf, shop } from './builders.js';

const TYPES = '/api/content/v3/types?id=shop';
const SOURCES = '/api/content/v3/sources?id=shop';
const put = (body: SourceDefinition): PlanRequest => ({ kind: 'types.put', method: 'PUT', path: TYPES, body });
const post = (body: PartialTypesBody): PlanRequest => ({ kind: 'types.post', method: 'POST', path: TYPES, body });
const labels = (label: string, description = ''): PlanRequest => ({ kind: 'sources.post', method: 'POST', path: SOURCES, body: { label, description } });
const base = shop();
const found = (definition: SourceDefinition): RemoteDefinition => ({ status: 'found', definition, unknown: [], hasDescription: false });

interface Row {
  name: string;
  applied: SourceDefinition | undefined;
  desired: SourceDefinition | undefined;
  remote?: RemoteDefinition;
  options?: Partial<PlanOptions>;
  data?: string[];
  action: PlanAction;
  dataLoss: boolean;
  requests: PlanRequest[];
  kinds: ChangeKind[];
  /** Each must appear in one of the reasons. */
  reasons?: string[];
  /** The kinds of what changed outside graphform (state to the service), when anything did. */
  outside?: ChangeKind[];
}

const withColor = edit(base, (d) => {
  d.contentTypes.Product!.properties.Color = { type: 'String', searchable: true };
});
const review = { contentType: ['Item'], properties: { Rating: { type: 'Int' }, Text: { type: 'String', searchable: true } } };

const rows: Row[] = [
  { name: 'no change', applied: base, desired: base, action: 'none', dataLoss: false, requests: [], kinds: [] },
  {
    name: 'reordered keys, properties, content types, languages',
    applied: base,
    desired: {
      contentTypes: {
        Product: { properties: { Color: { type: 'String' }, Size: { type: 'Dimensions' }, Quantity: { type: 'Int' } }, contentType: ['Item'] },
        Item: { properties: { Name: { searchable: true, type: 'String' } }, contentType: [], abstract: true },
      },
      propertyTypes: { Dimensions: { properties: { Height: { type: 'Float', name: 'Height' }, Width: { type: 'Float', name: 'Width' } } } },
      languages: ['sv', 'en'],
      label: 'Shop catalogue',
    },
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: [],
  },
  {
    name: 'explicit abstract: false and searchable: false mean absent',
    applied: base,
    desired: edit(base, (d) => {
      d.contentTypes.Product!.abstract = false;
      d.contentTypes.Product!.properties.Color!.searchable = false;
    }),
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: [],
  },
  {
    name: 'duplicate language and omitted property type names mean the same',
    applied: base,
    desired: edit(base, (d) => {
      d.languages = ['en', 'sv', 'en'];
      d.propertyTypes!.Dimensions!.properties.Width = { type: 'Float' } as { name: string; type: string };
    }),
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: [],
  },
  {
    name: 'empty propertyTypes means absent',
    applied: edit(base, (d) => void delete d.propertyTypes),
    desired: edit(base, (d) => void (d.propertyTypes = {})),
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: [],
  },
  {
    name: 'label changed: POST sources with label and description; items are kept',
    applied: base,
    desired: edit(base, (d) => void (d.label = 'Shop')),
    action: 'partial',
    dataLoss: false,
    requests: [labels('Shop')],
    kinds: ['source.labelChanged'],
    reasons: ['changing the label from "Shop catalogue" to "Shop" can be sent as a partial update; items are kept'],
  },
  {
    name: 'description added: POST sources only',
    applied: base,
    desired: edit(base, (d) => void (d.description = 'Everything we sell')),
    action: 'partial',
    dataLoss: false,
    requests: [labels('Shop catalogue', 'Everything we sell')],
    kinds: ['source.descriptionChanged'],
    reasons: ['adding a description can be sent as a partial update'],
  },
  {
    name: 'description removed: POST sources with an empty description',
    applied: edit(base, (d) => void (d.description = 'Old')),
    desired: base,
    action: 'partial',
    dataLoss: false,
    requests: [labels('Shop catalogue')],
    kinds: ['source.descriptionChanged'],
  },
  {
    name: 'label and a new content type: POST types, then POST sources',
    applied: base,
    desired: edit(base, (d) => {
      d.label = 'Shop';
      d.contentTypes.Review = structuredClone(review);
    }),
    action: 'partial',
    dataLoss: false,
    requests: [post({ languages: ['en', 'sv'], contentTypes: { Review: review } }), labels('Shop')],
    kinds: ['contentType.added', 'source.labelChanged'],
  },
  {
    name: 'a description change with a full update: PUT (whose published body carries the description), then POST sources, which is documented to set it',
    applied: base,
    desired: edit(base, (d) => {
      d.description = 'New';
      delete d.contentTypes.Product!.properties.Color;
    }),
    action: 'full',
    dataLoss: true,
    requests: [
      put(
        edit(base, (d) => {
          d.description = 'New';
          delete d.contentTypes.Product!.properties.Color;
        }),
      ),
      labels('Shop catalogue', 'New'),
    ],
    kinds: ['property.removed', 'source.descriptionChanged'],
  },
  {
    name: 'a new source with a description: PUT, then POST sources',
    applied: undefined,
    desired: edit(base, (d) => void (d.description = 'Everything we sell')),
    remote: { status: 'missing' },
    action: 'create',
    dataLoss: false,
    requests: [put(edit(base, (d) => void (d.description = 'Everything we sell'))), labels('Shop catalogue', 'Everything we sell')],
    kinds: ['source.added'],
  },
  {
    name: 'the service has the types but the description changed: POST sources is still sent',
    applied: base,
    desired: edit(base, (d) => void (d.description = 'New')),
    remote: found(base),
    action: 'partial',
    dataLoss: false,
    requests: [labels('Shop catalogue', 'New')],
    kinds: ['source.descriptionChanged'],
  },
  {
    name: 'language added: POST with every language and no content types',
    applied: base,
    desired: edit(base, (d) => void d.languages.push('de')),
    action: 'partial',
    dataLoss: false,
    requests: [post({ languages: ['en', 'sv', 'de'], contentTypes: {} })],
    kinds: ['source.languageAdded'],
    reasons: ['adding language de can be sent as a partial update; items are kept'],
  },
  ...fullRow(
    'language removed',
    edit(base, (d) => void (d.languages = ['en'])),
    ['source.languageRemoved'],
    'removing language sv needs a full update, which deletes all items of source shop in en, sv',
  ),
  ...fullRow(
    'property type added',
    edit(base, (d) => void (d.propertyTypes!.Money = { properties: { Amount: { name: 'Amount', type: 'Float' } } })),
    ['propertyType.added'],
    'adding property type Money needs a full update',
  ),
  {
    name: 'property type removed',
    applied: edit(base, (d) => void (d.propertyTypes!.Money = { properties: { Amount: { name: 'Amount', type: 'Float' } } })),
    desired: base,
    action: 'full',
    dataLoss: true,
    requests: [put(base)],
    kinds: ['propertyType.removed'],
    reasons: ['removing property type Money needs a full update, which deletes all items of source shop in en, sv'],
  },
  ...fullRow(
    'property type changed',
    edit(base, (d) => void (d.propertyTypes!.Dimensions!.properties.Depth = { name: 'Depth', type: 'Float' })),
    ['propertyType.changed'],
    'changing property type Dimensions needs a full update',
  ),
  {
    name: 'content type added: POST with only that type',
    applied: base,
    desired: edit(base, (d) => void (d.contentTypes.Review = structuredClone(review))),
    action: 'partial',
    dataLoss: false,
    requests: [post({ languages: ['en', 'sv'], contentTypes: { Review: review } })],
    kinds: ['contentType.added'],
  },
  ...fullRow(
    'content type removed',
    edit(base, (d) => void delete d.contentTypes.Product),
    ['contentType.removed'],
    'removing content type Product needs a full update',
  ),
  ...fullRow(
    'base changed',
    edit(base, (d) => void (d.contentTypes.Product!.contentType = [])),
    ['contentType.baseChanged'],
    'changing the base types of Product from [Item] to [] (none)',
  ),
  ...fullRow(
    'made abstract',
    edit(base, (d) => void (d.contentTypes.Product!.abstract = true)),
    ['contentType.abstractChanged'],
    'making Product abstract needs a full update',
  ),
  ...fullRow(
    'made concrete',
    edit(base, (d) => void delete d.contentTypes.Item!.abstract),
    ['contentType.abstractChanged'],
    'making Item no longer abstract',
  ),
  {
    name: 'property added: POST with the complete property list of that type',
    applied: base,
    desired: edit(base, (d) => void (d.contentTypes.Product!.properties.Price = { type: 'Float' })),
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: {
          Product: {
            contentType: ['Item'],
            properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String' }, Price: { type: 'Float' } },
          },
        },
      }),
    ],
    kinds: ['property.added'],
  },
  ...fullRow(
    'property removed',
    edit(base, (d) => void delete d.contentTypes.Product!.properties.Color),
    ['property.removed'],
    'removing property Product.Color needs a full update, which deletes all items of source shop in en, sv',
  ),
  ...fullRow(
    'property type changed to another type',
    edit(base, (d) => void (d.contentTypes.Product!.properties.Quantity = { type: 'Float' })),
    ['property.typeChanged'],
    'changing the type of Product.Quantity from Int to Float needs a full update',
  ),
  {
    name: 'searchable turned on',
    applied: base,
    desired: withColor,
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: {
          Product: {
            contentType: ['Item'],
            properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String', searchable: true } },
          },
        },
      }),
    ],
    kinds: ['property.searchableChanged'],
    reasons: [
      'making Product.Color searchable can be sent as a partial update; items are kept',
      'making Product.Color searchable renames its field in data lines (`___searchable`), and the items keep their values under the old name, which GraphQL no longer serves: apply reads every item before the update and pushes each one that holds such a value again after it, under the new name',
    ],
  },
  {
    name: 'searchable turned off: explicit false in the POST body',
    applied: base,
    desired: edit(base, (d) => void delete d.contentTypes.Item!.properties.Name!.searchable),
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: { Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: false } } } },
      }),
    ],
    kinds: ['property.searchableChanged'],
    reasons: ['making Item.Name no longer searchable'],
  },
  {
    name: 'mix of partial-safe changes: one POST with both touched types',
    applied: base,
    desired: edit(withColor, (d) => {
      d.contentTypes.Review = structuredClone(review);
      d.languages.push('fi');
    }),
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv', 'fi'],
        contentTypes: {
          Product: {
            contentType: ['Item'],
            properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String', searchable: true } },
          },
          Review: review,
        },
      }),
    ],
    kinds: ['contentType.added', 'property.searchableChanged', 'source.languageAdded'],
  },
  ...fullRow(
    'a safe change mixed with a removal goes full',
    edit(base, (d) => {
      d.contentTypes.Product!.properties.Price = { type: 'Float' };
      delete d.contentTypes.Product!.properties.Color;
    }),
    ['property.removed', 'property.added'],
    'removing property Product.Color needs a full update, which deletes all items of source shop in en, sv',
  ),
  ...fullRow(
    'a new content type using a new property type is not partial-safe',
    edit(base, (d) => {
      d.propertyTypes!.Money = { properties: { Amount: { name: 'Amount', type: 'Float' } } };
      d.contentTypes.Offer = { contentType: [], properties: { Price: { type: 'Money' } } };
    }),
    ['contentType.added', 'propertyType.added'],
    'adding property type Money needs a full update',
  ),
  {
    name: '--strategy full turns a partial into a full',
    applied: base,
    desired: edit(base, (d) => void (d.contentTypes.Product!.properties.Price = { type: 'Float' })),
    options: { strategy: 'full' },
    action: 'full',
    dataLoss: true,
    requests: [put(edit(base, (d) => void (d.contentTypes.Product!.properties.Price = { type: 'Float' })))],
    kinds: ['property.added'],
    reasons: ['--strategy full sends adding property Product.Price as a full update, which deletes all items of source shop in en, sv'],
  },
  {
    name: '--strategy full with no change sends nothing',
    applied: base,
    desired: base,
    options: { strategy: 'full' },
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: [],
  },
  {
    name: 'a full update of a source with data files re-pushes them',
    applied: base,
    desired: edit(base, (d) => void (d.languages = ['en'])),
    data: ['data/shop/*.ndjson'],
    action: 'full',
    dataLoss: true,
    requests: [put(edit(base, (d) => void (d.languages = ['en'])))],
    kinds: ['source.languageRemoved'],
    reasons: ['after the full update, graphform pushes the items of data/shop/*.ndjson again'],
  },
  {
    name: 'new source, the service says missing',
    applied: undefined,
    desired: base,
    remote: { status: 'missing' },
    action: 'create',
    dataLoss: false,
    requests: [put(base)],
    kinds: ['source.added'],
    reasons: ['source shop is new (the service does not have it): a full update creates it; there are no items to lose'],
  },
  {
    name: 'new source, the service cannot be asked: warning',
    applied: undefined,
    desired: base,
    remote: { status: 'unsupported' },
    action: 'create',
    dataLoss: false,
    requests: [put(base)],
    kinds: ['source.added'],
    reasons: ['Warning: the service cannot say whether source shop already exists'],
  },
  {
    name: 'new source, the service was not asked: warning',
    applied: undefined,
    desired: base,
    action: 'create',
    dataLoss: false,
    requests: [put(base)],
    kinds: ['source.added'],
    reasons: ['Warning: graphform did not ask the service whether source shop already exists (refresh is off)'],
  },
  {
    name: 'not in state but existing in the service: full with data loss, import suggested',
    applied: undefined,
    desired: base,
    remote: found(edit(base, (d) => void (d.languages = ['en', 'fi']))),
    action: 'full',
    dataLoss: true,
    requests: [put(base)],
    kinds: ['source.added'],
    reasons: [
      'source shop already exists in the service but is not in state: a full update deletes all items of source shop in en, fi',
      'run `graphform import shop` first',
    ],
  },
  {
    name: 'not in state, but the service already has exactly the declaration (interrupted apply): nothing sent',
    applied: undefined,
    desired: base,
    remote: found(edit(base, (d) => void (d.languages = ['sv', 'en']))),
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: ['source.added'],
    reasons: ['the service already has exactly this definition of source shop', 'apply records it in state'],
  },
  {
    name: 'a full update interrupted before its state write: the service has the declaration, nothing sent again',
    applied: base,
    desired: edit(base, (d) => void delete d.contentTypes.Product!.properties.Color),
    remote: found(edit(base, (d) => void delete d.contentTypes.Product!.properties.Color)),
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: ['property.removed'],
    reasons: ['nothing is sent; apply records it in state'],
  },
  {
    name: 'orphan: in state, no longer declared',
    applied: base,
    desired: undefined,
    action: 'orphan',
    dataLoss: false,
    requests: [],
    kinds: ['source.removed'],
    reasons: ['--prune', 'graphform state rm shop'],
  },
  {
    name: 'orphan with --prune: DELETE sources deletes the source, its types and items',
    applied: base,
    desired: undefined,
    options: { prune: true },
    action: 'delete',
    dataLoss: true,
    requests: [{ kind: 'sources.delete', method: 'DELETE', path: SOURCES, body: null }],
    kinds: ['source.removed'],
    reasons: ['source shop is no longer declared and --prune is set: DELETE sources deletes the source itself, its content types, and all its items in en, sv'],
  },
  {
    name: 'orphan the service no longer has: nothing to purge',
    applied: base,
    desired: undefined,
    remote: { status: 'missing' },
    options: { prune: true },
    action: 'orphan',
    dataLoss: false,
    requests: [],
    kinds: ['source.removed'],
    reasons: ['nothing to purge'],
  },
  {
    name: 'in state but gone from the service: created again',
    applied: base,
    desired: edit(base, (d) => void delete d.contentTypes.Product!.properties.Color),
    remote: { status: 'missing' },
    action: 'create',
    dataLoss: false,
    requests: [put(edit(base, (d) => void delete d.contentTypes.Product!.properties.Color))],
    kinds: ['property.removed'],
    reasons: ['Warning: state records source shop, but the service says it does not exist'],
  },
  {
    name: 'a property added outside graphform is undone: the plan starts from the service, and removing it needs a full update',
    applied: base,
    desired: base,
    remote: found(edit(base, (d) => void (d.contentTypes.Product!.properties.Extra = { type: 'String' }))),
    action: 'full',
    dataLoss: true,
    requests: [put(base)],
    kinds: ['property.removed'],
    outside: ['property.added'],
    reasons: ['removing property Product.Extra needs a full update'],
  },
  {
    name: 'a label changed outside graphform is set back beside the declared change, by the same partial update',
    applied: base,
    desired: withColor,
    remote: found(edit(base, (d) => void (d.label = 'Edited by hand'))),
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: {
          Product: {
            contentType: ['Item'],
            properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String', searchable: true } },
          },
        },
      }),
      labels('Shop catalogue'),
    ],
    kinds: ['property.searchableChanged', 'source.labelChanged'],
    outside: ['source.labelChanged'],
  },
  {
    name: 'a property removed outside graphform is added back by a partial update: the items are kept',
    applied: base,
    desired: base,
    remote: found(edit(base, (d) => void delete d.contentTypes.Product!.properties.Quantity)),
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: {
          Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String' } } },
        },
      }),
    ],
    kinds: ['property.added'],
    outside: ['property.removed'],
  },
  {
    name: 'display metadata (displayName, description, sortOrder, helpText) and index: POST types with the content type; items are kept',
    applied: base,
    desired: edit(base, (d) => {
      Object.assign(d.contentTypes.Product!, { displayName: 'Product', description: 'What we sell', sortOrder: 2 });
      d.contentTypes.Product!.properties.Color = { type: 'String', helpText: 'A colour name', index: true };
    }),
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: {
          Product: {
            contentType: ['Item'],
            displayName: 'Product',
            description: 'What we sell',
            sortOrder: 2,
            properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String', helpText: 'A colour name', index: true } },
          },
        },
      }),
    ],
    kinds: [
      'contentType.displayNameChanged',
      'contentType.descriptionChanged',
      'contentType.sortOrderChanged',
      'property.helpTextChanged',
      'property.indexChanged',
    ],
    reasons: ['can be sent as a partial update; items are kept'],
  },
  {
    name: 'a removed display name and help text go as explicit nulls in the POST, so the service cannot read absence as unchanged',
    applied: edit(base, (d) => {
      d.contentTypes.Product!.displayName = 'Product';
      d.contentTypes.Product!.properties.Color = { type: 'String', helpText: 'A colour name' };
    }),
    desired: base,
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: {
          Product: {
            contentType: ['Item'],
            displayName: null,
            properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String', helpText: null } },
          },
        },
      }),
    ],
    kinds: ['contentType.displayNameChanged', 'property.helpTextChanged'],
  },
  {
    name: 'a partial update carries the links, useTypedFieldNames, preset and unknown fields the source holds, unchanged',
    applied: edit(base, (d) =>
      Object.assign(d, { links: { L: { from: 'a', to: 'b' } }, useTypedFieldNames: true, preset: 'next', unknownFields: { slot: 'new' } }),
    ),
    desired: edit(withColor, (d) =>
      Object.assign(d, { links: { L: { from: 'a', to: 'b' } }, useTypedFieldNames: true, preset: 'next', unknownFields: { slot: 'new' } }),
    ),
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: {
          Product: {
            contentType: ['Item'],
            properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String', searchable: true } },
          },
        },
        preset: 'next',
        useTypedFieldNames: true,
        links: { L: { from: 'a', to: 'b' } },
        unknownFields: { slot: 'new' },
      }),
    ],
    kinds: ['property.searchableChanged'],
  },
  ...fullRow(
    'a link added: PUT, since the record does not say POST applies links',
    edit(base, (d) => void (d.links = { Forecast: { from: 'City', to: 'Name' } })),
    ['link.added'],
    'adding link Forecast needs a full update',
  ),
  ...fullRow(
    'useTypedFieldNames switched: PUT',
    edit(base, (d) => void (d.useTypedFieldNames = true)),
    ['source.typedFieldNamesChanged'],
    'changing useTypedFieldNames from null to true needs a full update',
  ),
  ...fullRow(
    'the preset changed: PUT',
    edit(base, (d) => void (d.preset = 'legacy')),
    ['source.presetChanged'],
    'changing the preset',
  ),
  ...fullRow(
    'skip switched: PUT (not in the published file; it renames the field in data lines)',
    edit(base, (d) => void (d.contentTypes.Product!.properties.Color!.skip = true)),
    ['property.skipChanged'],
    'making Product.Color stored only (skip), which renames its field in data lines needs a full update',
  ),
  ...fullRow(
    'a ref changed: PUT',
    edit(base, (d) => void (d.contentTypes.Product!.properties.Color!.ref = { id: 'x' })),
    ['property.refChanged'],
    'changing the ref of Product.Color needs a full update',
  ),
  ...fullRow(
    'a content type base field changed: PUT',
    edit(base, (d) => void (d.contentTypes.Product!.base = 'Item')),
    ['contentType.baseFieldChanged'],
    'changing the base field of Product',
  ),
  ...fullRow(
    'a field graphform does not know changed: PUT',
    edit(base, (d) => void (d.contentTypes.Product!.unknownFields = { icon: 'box' })),
    ['contentType.unknownFieldChanged'],
    'changing icon of Product, a field graphform does not know',
  ),
  {
    name: 'a service whose GET types carries the description: a description already there is "already applied"',
    applied: undefined,
    desired: edit(base, (d) => void (d.description = 'Everything')),
    remote: { status: 'found', definition: edit(base, (d) => void (d.description = 'Everything')), unknown: [], hasDescription: true },
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: ['source.added'],
  },
  {
    name: 'fields the service holds that the declaration does not carry are named in a warning, with the full update that would drop them',
    applied: base,
    desired: withColor,
    remote: { status: 'found', definition: edit(base, (d) => void (d.unknownFields = { slot: 'new' })), unknown: ['slot'], hasDescription: false },
    action: 'partial',
    dataLoss: false,
    requests: [
      post({
        languages: ['en', 'sv'],
        contentTypes: {
          Product: {
            contentType: ['Item'],
            properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String', searchable: true } },
          },
        },
      }),
    ],
    kinds: ['property.searchableChanged'],
    reasons: ['has fields graphform does not know: slot; a full update would not send them'],
  },
  {
    name: 'the service answering the state definition is no drift',
    applied: base,
    desired: base,
    remote: found(edit(base, (d) => void (d.languages = ['sv', 'en']))),
    action: 'none',
    dataLoss: false,
    requests: [],
    kinds: [],
  },
];

function fullRow(name: string, desired: SourceDefinition, kinds: ChangeKind[], reason: string): Row[] {
  return [{ name, applied: base, desired, action: 'full', dataLoss: true, requests: [put(desired)], kinds, reasons: [reason] }];
}

describe('the POST-or-PUT rule table', () => {
  it('has at least 28 cases', () => {
    expect(rows.length).toBeGreaterThanOrEqual(28);
  });

  it.each(rows)('$name', (row) => {
    const plan = planOf({
      applied: row.applied === undefined ? {} : { shop: row.applied },
      declared: row.desired === undefined ? [] : [declaration('shop', row.desired, row.data ?? [])],
      ...(row.remote === undefined ? {} : { remote: { shop: row.remote } }),
      ...(row.options === undefined ? {} : { options: row.options }),
    });
    expect(plan.sources).toHaveLength(1);
    const [source] = plan.sources;
    expect(source?.action).toBe(row.action);
    expect(source?.dataLoss).toBe(row.dataLoss);
    expect(source?.requests).toEqual(row.requests);
    expect([...new Set(source?.changes.map((c) => c.kind))].sort()).toEqual([...row.kinds].sort());
    expect([...new Set(source?.outside?.map((c) => c.kind) ?? [])].sort()).toEqual([...(row.outside ?? [])].sort());
    for (const expected of row.reasons ?? []) {
      expect(
        source?.reasons.some((r) => r.includes(expected)),
        `no reason contains ${JSON.stringify(expected)} in ${JSON.stringify(source?.reasons)}`,
      ).toBe(true);
    }
    if (row.action !== 'none') expect(source?.reasons.length).toBeGreaterThan(0);
    if (row.dataLoss) expect(source?.reasons[0]).toMatch(/deletes all items of source shop in |all its items in /);
    expect(plan.summary[row.action]).toBe(1);
    expect(plan.summary.dataLoss).toBe(row.dataLoss);
  });
});
