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
  Kind,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import { isRecord, ownValue } from '../graph/own.js';
import type { ItemStore } from '../items/item-store.js';
import { FILTER_OPERATORS, filterInputFor, servedValue, type FilterInputName } from './filters.js';
import type { CursorStore } from './cursors.js';
import { checkDeadline, itemsByKey, matchingItems, queryItems, type ItemView, type ReadContext, type Reader } from './item-query.js';
import type { ContentTypeSpec, FieldRef, FieldSpec, SchemaModel } from './schema-model.js';

/** The real service's page size: 20 unless asked, at most 100. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** skip + limit reach only the first 10,000 results, and `total` counts only so far unless asked `total(all: true)`. */
export const RESULT_WINDOW = 10_000;

/** What the resolvers of one request share: the reader, the clock and deadline, and the endpoint's cursors. */
export interface GraphqlContext extends ReadContext {
  cursors: CursorStore;
}

/** A query field's answer: `items` is read only when selected. */
interface TypeAnswer {
  items: () => ItemView[];
  total: number;
  cursor: string | null;
}

type Args = Record<string, unknown>;

/**
 * The executable schema of the content GraphQL endpoint: per content type a query field
 * (limit, skip, where, locale) answering `{items, total}`; abstract types as interfaces;
 * property types as object types. Every content type serves `_id`, `ContentType`, `Language`,
 * the item fields the model names (`Status`, `_rbac`, `RolesWithReadAccess` as configured:
 * EmulatorOptions.itemFields) and its properties. Resolvers read the items when a query runs, so the
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
    Object.fromEntries(fields.map((f) => [f.name, { type: typeOf(f.type), resolve: (parent: unknown) => (isRecord(parent) ? (servedValue(parent, f.name) ?? null) : null) }]));

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
      model.itemFields.map((name) => [name, { type: GraphQLString, description: `The item's ${name}, as its data line holds it`, resolve: (item: ItemView) => servedValue(item.data, name) ?? null }]),
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

  const filters = filterInputs();
  const locales = new GraphQLEnumType({
    name: 'Locales',
    description: 'The languages of the sources; a code such as pt-BR is written pt_BR',
    values: Object.fromEntries(model.locales.map((l) => [l.name, { value: l.code }])),
  });
  const ranking = new GraphQLEnumType({
    name: 'Ranking',
    description: 'The order of the results; without a search both are the order the items were indexed in',
    values: { RELEVANCE: { value: 'RELEVANCE' }, DOC: { value: 'DOC' } },
  });
  const queryFields: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
  for (const spec of model.contentTypes) {
    const output = new GraphQLObjectType<TypeAnswer>({
      name: `${spec.name}Output`,
      fields: {
        items: { type: new GraphQLList(named.get(spec.name) as GraphQLOutputType), resolve: (answer) => answer.items() },
        total: {
          type: new GraphQLNonNull(GraphQLInt),
          description: `How many items match, whatever limit and skip; -1 past ${RESULT_WINDOW} unless all: true`,
          args: { all: { type: GraphQLBoolean, defaultValue: false } },
          resolve: (answer, args: Args) => (args.all !== true && answer.total > RESULT_WINDOW ? -1 : answer.total),
        },
        cursor: { type: GraphQLString, description: 'Pass it as cursor to get the next items; null unless the query asked with cursor' },
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
        cursor: { type: GraphQLString, description: 'Empty to start cursor paging, then the cursor the answer gave' },
        orderBy: { type: new GraphQLInputObjectType({ name: `${spec.name}OrderByInput`, fields: { _ranking: { type: ranking } } }) },
      },
      resolve: (_root, args: Args, context: GraphqlContext, info) => typeAnswer(items, spec, args, context, info),
    };
  }
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: queryFields }) });
}

/**
 * One query field: a page by skip and limit within the first 10,000 results, or cursor
 * paging. As the service documents it, `cursor: ""` fixes the result set and answers its
 * first `limit` items (skip is ignored), and each later query passes the answer's cursor on.
 */
function typeAnswer(items: ItemStore, spec: ContentTypeSpec, args: Args, context: GraphqlContext, info: GraphQLResolveInfo): TypeAnswer {
  checkDeadline(context);
  const page = pageArgs(args);
  const query = { source: spec.source, members: spec.members, ...page };
  if (typeof args.cursor !== 'string') {
    if (page.skip + page.limit > RESULT_WINDOW) {
      throw new GraphQLError(`skip + limit must be at most ${RESULT_WINDOW} (here ${page.skip + page.limit}): only the first ${RESULT_WINDOW} results can be paged by skip; use cursor paging past them`);
    }
    const found = queryItems(items, query, context);
    return { items: found.items, total: found.total, cursor: null };
  }
  if (!selectsItems(info.fieldNodes[0]?.selectionSet, info)) {
    throw new GraphQLError('A query with cursor must select at least one field of items: total alone is not enough');
  }
  const reader = readerName(context.reader);
  if (args.cursor === '') {
    const keys: Array<readonly [string, string]> = [];
    const first: ItemView[] = [];
    for (const item of matchingItems(items, query, context)) {
      keys.push([item.record.lang, item.record.id]);
      if (first.length < page.limit) first.push(item);
    }
    checkDeadline(context);
    return { items: () => first, total: keys.length, cursor: context.cursors.open(spec.name, reader, keys, first.length, context.now()) };
  }
  const taken = context.cursors.take(args.cursor, spec.name, reader, page.limit, context.now());
  if (!taken.ok) throw new GraphQLError(taken.message);
  return { items: () => itemsByKey(items, spec.source, taken.keys, context), total: taken.total, cursor: args.cursor };
}

function readerName(reader: Reader): string {
  return reader.kind === 'single-key' ? 'single-key' : reader.includeDeleted ? 'admin with deleted' : 'admin';
}

/** Whether a selection asks for `items` (directly, or in a fragment). */
function selectsItems(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo): boolean {
  return (selectionSet?.selections ?? []).some((selection) => {
    if (selection.kind === Kind.FIELD) return selection.name.value === 'items';
    if (selection.kind === Kind.INLINE_FRAGMENT) return selectsItems(selection.selectionSet, info);
    return selectsItems(info.fragments[selection.name.value]?.selectionSet, info);
  });
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
