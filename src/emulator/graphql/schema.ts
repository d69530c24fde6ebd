import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql';
import { isRecord, ownValue } from '../graph/own.js';
import type { ItemStore } from '../items/item-store.js';
import { FILTER_OPERATORS, filterInputFor, type FilterInputName } from './filters.js';
import { queryItems, type ItemView } from './item-query.js';
import type { ContentTypeSpec, FieldRef, FieldSpec, SchemaModel } from './schema-model.js';

/** The real service's page size: 20 unless asked, at most 100. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

type Args = Record<string, unknown>;

/**
 * The executable schema of the content GraphQL endpoint: per content type a query field
 * (limit, skip, where, locale) answering `{items, total}`; abstract types as interfaces;
 * property types as object types. Resolvers read the items when a query runs, so the
 * schema is rebuilt only when definitions change. Every field is read as an own property:
 * a property called `constructor` is data, not Object's constructor.
 */
export function buildContentSchema(model: SchemaModel, items: ItemStore): GraphQLSchema {
  const scalars = new Map<string, GraphQLOutputType>([
    ['String', GraphQLString],
    ['Int', GraphQLInt],
    ['Float', GraphQLFloat],
    ['Boolean', GraphQLBoolean],
    ['Date', textScalar('Date', 'A date as the item holds it (YYYY-MM-DD)')],
    ['DateTime', textScalar('DateTime', 'A date and time as the item holds it (ISO 8601)')],
  ]);
  const named = new Map<string, GraphQLObjectType | GraphQLInterfaceType>();
  const typeOf = (ref: FieldRef): GraphQLOutputType => {
    const base = scalars.get(ref.name) ?? named.get(ref.name);
    if (base === undefined) throw new Error(`the type ${ref.name} is not declared`);
    return ref.list ? new GraphQLList(base) : base;
  };
  const propertyFields = (fields: readonly FieldSpec[]): GraphQLFieldConfigMap<unknown, unknown> =>
    Object.fromEntries(fields.map((f) => [f.name, { type: typeOf(f.type), resolve: (parent: unknown) => (isRecord(parent) ? (ownValue(parent, f.name) ?? null) : null) }]));

  for (const spec of model.propertyTypes) {
    named.set(spec.name, new GraphQLObjectType({ name: spec.name, description: `Property type ${spec.name} (source ${spec.source})`, fields: () => propertyFields(spec.fields) }));
  }
  const language = new GraphQLObjectType({
    name: 'ContentLanguageModel',
    fields: { Name: { type: GraphQLString }, DisplayName: { type: GraphQLString } },
  });
  const itemFields = (spec: ContentTypeSpec) => (): GraphQLFieldConfigMap<ItemView, unknown> => ({
    _id: { type: GraphQLString, description: 'The _id of the action line', resolve: (item) => item.record.id },
    ContentType: { type: new GraphQLList(GraphQLString), resolve: (item) => contentTypes(item) },
    Language: { type: language, resolve: (item) => ({ Name: item.record.lang, DisplayName: displayName(item) }) },
    ...(Object.fromEntries(
      spec.fields.map((f) => [f.name, { type: typeOf(f.type), resolve: (item: ItemView) => ownValue(item.data, f.name) ?? null }]),
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

  const filters = filterInputs();
  const locales = new GraphQLEnumType({
    name: 'Locales',
    description: 'The languages of the sources; a code such as pt-BR is written pt_BR',
    values: Object.fromEntries(model.locales.map((l) => [l.name, { value: l.code }])),
  });
  const queryFields: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const spec of model.contentTypes) {
    const output = new GraphQLObjectType({
      name: `${spec.name}Output`,
      fields: {
        items: { type: new GraphQLList(named.get(spec.name) as GraphQLOutputType) },
        total: { type: new GraphQLNonNull(GraphQLInt), description: 'How many items match, whatever limit and skip' },
      },
    });
    const whereFields: GraphQLInputFieldConfigMap = { _id: { type: filters.StringFilterInput } };
    for (const field of spec.fields) {
      const input = filterInputFor(field.type.scalar);
      if (input !== undefined) whereFields[field.name] = { type: filters[input] };
    }
    queryFields[spec.name] = {
      type: output,
      description: spec.abstract ? `Items of the content types deriving from ${spec.name}` : `Items of content type ${spec.name}`,
      args: {
        limit: { type: GraphQLInt, defaultValue: DEFAULT_LIMIT },
        skip: { type: GraphQLInt, defaultValue: 0 },
        where: { type: new GraphQLInputObjectType({ name: `${spec.name}WhereInput`, fields: whereFields }) },
        locale: { type: new GraphQLList(locales) },
      },
      resolve: (_root, args: Args) => queryItems(items, { source: spec.source, members: spec.members, ...pageArgs(args) }),
    };
  }
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: queryFields }) });
}

function pageArgs(args: Args): { limit: number; skip: number; locales: string[]; where: Record<string, unknown> | null } {
  const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
  const skip = typeof args.skip === 'number' ? args.skip : 0;
  if (limit < 0 || limit > MAX_LIMIT) throw new GraphQLError(`limit must be from 0 to ${MAX_LIMIT}, not ${limit}`);
  if (skip < 0) throw new GraphQLError(`skip must be 0 or more, not ${skip}`);
  const locales = Array.isArray(args.locale) ? args.locale.filter((l): l is string => typeof l === 'string') : [];
  return { limit, skip, locales, where: isRecord(args.where) ? args.where : null };
}

function filterInputs(): Record<FilterInputName, GraphQLInputObjectType> {
  const scalar = { StringFilterInput: GraphQLString, IntFilterInput: GraphQLInt, FloatFilterInput: GraphQLFloat, BooleanFilterInput: GraphQLBoolean };
  const build = (name: FilterInputName): GraphQLInputObjectType =>
    new GraphQLInputObjectType({
      name,
      fields: Object.fromEntries(FILTER_OPERATORS[name].map((op) => [op, { type: op === 'in' ? new GraphQLList(scalar[name]) : scalar[name] }])),
    });
  return { StringFilterInput: build('StringFilterInput'), IntFilterInput: build('IntFilterInput'), FloatFilterInput: build('FloatFilterInput'), BooleanFilterInput: build('BooleanFilterInput') };
}

function textScalar(name: string, description: string): GraphQLScalarType {
  return new GraphQLScalarType({
    name,
    description,
    serialize(value) {
      if (typeof value === 'string') return value;
      throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}`);
    },
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
