import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  Kind,
  type GraphQLFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql';
import { isRecord, ownValue } from '../graph/own.js';
import type { ItemStore } from '../items/item-store.js';
import { FacetTypes } from './facets.js';
import { servedValue } from './filters.js';
import type { ItemView } from './item-query.js';
import type { ContentTypeSpec, FieldRef, FieldSpec, SchemaModel } from './schema-model.js';
import { ALL_LOCALES, DEFAULT_LIMIT, NEUTRAL_LOCALE, RESULT_WINDOW, typeAnswer, type GraphqlContext, type TypeAnswer } from './type-answer.js';
import { FILTER_SCALARS, InputTypes } from './where-inputs.js';

export type { GraphqlContext } from './type-answer.js';

type Args = Record<string, unknown>;

/**
 * The executable schema of the content GraphQL endpoint: per content type a query field
 * (limit, skip, where, locale, orderBy, cursor) answering `{items, item, total, cursor,
 * facets}`; abstract types as interfaces;
 * property types as object types. Every content type serves `_id`, `ContentType`, `Language`,
 * the item fields the model names (`Status`, `_rbac`, `RolesWithReadAccess` as configured:
 * EmulatorOptions.itemFields) and its properties. Resolvers read the items when a query runs, so the
 * schema is rebuilt only when definitions change. Every field is read as an own property:
 * a property called `constructor` is data, not Object's constructor.
 */
export function buildContentSchema(model: SchemaModel, items: ItemStore): GraphQLSchema {
  const filterScalars = {
    ...FILTER_SCALARS,
    Date: textScalar('Date', 'A date as the item holds it (YYYY-MM-DD)'),
    DateTime: textScalar('DateTime', 'A date and time as the item holds it (ISO 8601)'),
  };
  const scalars = new Map<string, GraphQLOutputType>(Object.entries(filterScalars));
  const named = new Map<string, GraphQLObjectType | GraphQLInterfaceType>();
  const typeOf = (ref: FieldRef): GraphQLOutputType => {
    const base = scalars.get(ref.name) ?? named.get(ref.name);
    if (base === undefined) throw new Error(`the type ${ref.name} is not declared`);
    return ref.list ? new GraphQLList(base) : base;
  };
  const propertyFields = (fields: readonly FieldSpec[]): GraphQLFieldConfigMap<unknown, unknown> =>
    Object.fromEntries(
      fields.map((f) => [f.name, { type: typeOf(f.type), resolve: (parent: unknown) => (isRecord(parent) ? (servedValue(parent, f.name) ?? null) : null) }]),
    );

  for (const spec of model.propertyTypes) {
    named.set(
      spec.name,
      new GraphQLObjectType({ name: spec.name, description: `Property type ${spec.name} (source ${spec.source})`, fields: () => propertyFields(spec.fields) }),
    );
  }
  const language = new GraphQLObjectType({
    name: 'ContentLanguageModel',
    fields: { Name: { type: GraphQLString }, DisplayName: { type: GraphQLString } },
  });
  const itemFields = (spec: ContentTypeSpec) => (): GraphQLFieldConfigMap<ItemView, unknown> => ({
    _id: { type: GraphQLString, description: 'The _id of the action line', resolve: (item) => item.record.id },
    _score: { type: GraphQLFloat, description: "The relevance of the item to the query's full-text search; 0 without one", resolve: (item) => item.score ?? 0 },
    ContentType: { type: new GraphQLList(GraphQLString), resolve: (item) => contentTypes(item) },
    Language: { type: language, resolve: (item) => ({ Name: item.record.lang, DisplayName: displayName(item) }) },
    ...(Object.fromEntries(
      model.itemFields.map((name) => [
        name,
        {
          type: GraphQLString,
          description: `The item's ${name}, as its data line holds it`,
          resolve: (item: ItemView) => servedValue(item.data, name) ?? null,
        },
      ]),
    ) as GraphQLFieldConfigMap<ItemView, unknown>),
    ...(Object.fromEntries(
      spec.fields.map((f) => [f.name, { type: typeOf(f.type), resolve: (item: ItemView) => servedValue(item.data, f.name) ?? null }]),
    ) as GraphQLFieldConfigMap<ItemView, unknown>),
  });
  const interfaceOf = (name: string): GraphQLInterfaceType => named.get(name) as GraphQLInterfaceType;
  for (const spec of model.contentTypes) {
    const description = `Content type ${spec.name} of source ${spec.source}`;
    const interfaces = (): GraphQLInterfaceType[] => spec.interfaces.map(interfaceOf);
    named.set(
      spec.name,
      spec.abstract
        ? new GraphQLInterfaceType({ name: spec.name, description, interfaces, fields: itemFields(spec), resolveType: (item: ItemView) => item.record.type })
        : new GraphQLObjectType({ name: spec.name, description, interfaces, fields: itemFields(spec) }),
    );
  }

  const inputs = new InputTypes(filterScalars, new Map(model.propertyTypes.map((p) => [p.name, p.fields])));
  const facets = new FacetTypes(inputs.order);
  const locales = new GraphQLEnumType({
    name: 'Locales',
    description: 'The languages of the sources (a code such as pt-BR is written pt_BR), ALL for every one, NEUTRAL for items of no language',
    values: { ...Object.fromEntries(model.locales.map((l) => [l.name, { value: l.code }])), ALL: { value: ALL_LOCALES }, NEUTRAL: { value: NEUTRAL_LOCALE } },
  });
  const ranking = new GraphQLEnumType({
    name: 'Ranking',
    description: 'RELEVANCE (and SEMANTIC, BOOST_ONLY) order by _score; DOC, and any ranking without a search, is the order the items were indexed in',
    values: { RELEVANCE: { value: 'RELEVANCE' }, SEMANTIC: { value: 'SEMANTIC' }, BOOST_ONLY: { value: 'BOOST_ONLY' }, DOC: { value: 'DOC' } },
  });
  const queryFields: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
  for (const spec of model.contentTypes) {
    const plan = { spec, shape: inputs.shape(spec.fields), facetType: facets.facetType(spec.name, spec.fields) };
    const itemType = named.get(spec.name) as GraphQLOutputType;
    const output = new GraphQLObjectType<TypeAnswer>({
      name: `${spec.name}Output`,
      fields: {
        items: { type: new GraphQLList(itemType), resolve: (answer) => answer.items() },
        item: { type: itemType, description: 'The first result, past skip', resolve: (answer) => answer.item() },
        total: {
          type: new GraphQLNonNull(GraphQLInt),
          description: `How many items match, whatever limit and skip; -1 past ${RESULT_WINDOW} unless all: true`,
          args: { all: { type: GraphQLBoolean, defaultValue: false } },
          resolve: (answer, args: Args) => (args.all !== true && answer.total > RESULT_WINDOW ? -1 : answer.total),
        },
        cursor: { type: GraphQLString, description: 'Pass it as cursor to get the next items; null unless the query asked with cursor' },
        ...(plan.facetType === undefined
          ? {}
          : { facets: { type: plan.facetType, description: 'Counts of the values of the items where selects', resolve: (answer: TypeAnswer) => answer } }),
      },
    });
    queryFields[spec.name] = {
      type: output,
      description: spec.abstract ? `Items of the content types deriving from ${spec.name}` : `Items of content type ${spec.name}`,
      args: {
        limit: { type: GraphQLInt, defaultValue: DEFAULT_LIMIT },
        skip: { type: GraphQLInt, defaultValue: 0 },
        where: { type: inputs.where(spec.name, spec.fields) },
        locale: { type: new GraphQLList(locales) },
        cursor: { type: GraphQLString, description: 'Empty to start cursor paging, then the cursor the answer gave' },
        orderBy: { type: inputs.orderBy(spec.name, spec.fields, ranking) },
      },
      resolve: (_root, args: Args, context: GraphqlContext, info) => typeAnswer(items, plan, args, context, info),
    };
  }
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: queryFields }) });
}

/** Dates as text, in answers and in filters (where they compare as instants). */
function textScalar(name: string, description: string): GraphQLScalarType {
  const text = (value: unknown): string => {
    if (typeof value === 'string') return value;
    throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}: write it as text`);
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: text,
    parseValue: text,
    parseLiteral: (node) => text(node.kind === Kind.STRING ? node.value : undefined),
  });
}

function contentTypes(item: ItemView): string[] {
  const listed = ownValue(item.data, 'ContentType');
  return Array.isArray(listed) && listed.every((t) => typeof t === 'string') ? listed : [item.record.type];
}

function displayName(item: ItemView): string | null {
  const language = ownValue(item.data, 'Language');
  const name = isRecord(language) ? ownValue(language, 'DisplayName') : undefined;
  return typeof name === 'string' ? name : null;
}
