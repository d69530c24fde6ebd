import { getArgumentValues, GraphQLError, Kind, type FieldNode, type GraphQLObjectType, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { isRecord } from '../graph/own.js';
import type { ItemStore } from '../items/item-store.js';
import type { CursorStore } from './cursors.js';
import { holdsFacetValue, type FacetSource } from './facets.js';
import { searchScore, type WhereShape } from './filters.js';
import { checkDeadline, itemsByKey, matchingItems, queryItems, type ItemView, type ReadContext, type Reader } from './item-query.js';
import { sortItems, sortKeys } from './order.js';
import type { ContentTypeSpec } from './schema-model.js';

/** The real service's page size: 20 unless asked, at most 100. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** skip + limit reach only the first 10,000 results, and `total` counts only so far unless asked `total(all: true)`. */
export const RESULT_WINDOW = 10_000;

/** The `locale` values that are not languages: every language, and none. */
export const ALL_LOCALES = '#ALL';
export const NEUTRAL_LOCALE = '#NEUTRAL';

/** What the resolvers of one request share: the reader, the clock and deadline, and the endpoint's cursors. */
export interface GraphqlContext extends ReadContext {
  cursors: CursorStore;
}

/** A query field's answer: `items` and `item` are read only when selected; `facetItems` feed the facets. */
export interface TypeAnswer extends FacetSource {
  items: () => ItemView[];
  item: () => ItemView | null;
  total: number;
  cursor: string | null;
}

/** What a query field needs of its content type besides the items: how `where` reads it, and its facets. */
export interface TypePlan {
  spec: ContentTypeSpec;
  shape: WhereShape;
  facetType: GraphQLObjectType<FacetSource> | undefined;
}

type Args = Record<string, unknown>;

/**
 * One query field: a page by skip and limit within the first 10,000 results, or cursor
 * paging. As the service documents it, `cursor: ""` fixes the result set and answers its
 * first `limit` items (skip is ignored), and each later query passes the answer's cursor on.
 * Without `orderBy` fields and facets the items are streamed in the indexed order; with
 * them every match is gathered, since sorting and counting need them all.
 */
export function typeAnswer(items: ItemStore, plan: TypePlan, args: Args, context: GraphqlContext, info: GraphQLResolveInfo): TypeAnswer {
  checkDeadline(context);
  const page = pageArgs(args);
  const query = { source: plan.spec.source, members: plan.spec.members, shape: plan.shape, ...page };
  const keys = sortKeys(
    isRecord(args.orderBy) ? args.orderBy : null,
    plan.shape,
    info.fieldNodes[0]?.arguments?.find((a) => a.name.value === 'orderBy')?.value,
  );
  const facets = facetArguments(info, plan.facetType);
  const scored = (list: ItemView[]): ItemView[] => {
    if (page.where !== null) for (const item of list) item.score ??= searchScore(page.where, plan.shape, item.data);
    return list;
  };
  const noFacets = (): ItemView[] => [];
  if (typeof args.cursor === 'string' && !selectsItems(info.fieldNodes[0]?.selectionSet, info)) {
    throw new GraphQLError('A query with cursor must select at least one field of items: total alone is not enough');
  }
  const reader = readerName(context.reader);
  if (typeof args.cursor === 'string' && args.cursor !== '') {
    const taken = context.cursors.take(args.cursor, plan.spec.name, reader, page.limit, context.now());
    if (!taken.ok) throw new GraphQLError(taken.message);
    const found = itemsByKey(items, plan.spec.source, taken.keys, context);
    return { items: () => found, item: () => found[0] ?? null, total: taken.total, cursor: args.cursor, facetItems: noFacets };
  }
  if (keys.length === 0 && facets.length === 0) {
    if (typeof args.cursor === 'string') return openCursor(items, query, plan.spec.name, reader, context);
    windowCheck(page);
    const found = queryItems(items, query, context);
    return {
      items: () => scored(found.items),
      item: () => (found.first === null ? null : (scored([found.first])[0] ?? null)),
      total: found.total,
      cursor: null,
      facetItems: noFacets,
    };
  }
  const all = [...matchingItems(items, query, context)];
  checkDeadline(context);
  const filters = facets.flatMap(({ name, args: facetArgs }) =>
    Array.isArray(facetArgs.filters) && facetArgs.filters.length > 0
      ? [{ name, values: facetArgs.filters.filter((v): v is string => typeof v === 'string') }]
      : [],
  );
  const selected = filters.length === 0 ? all : all.filter((item) => filters.every((f) => holdsFacetValue(item, f.name, f.values)));
  const sorted = sortItems(keys.some((key) => 'ranking' in key) ? scored(selected) : selected, keys, (item) => item.score ?? 0);
  checkDeadline(context);
  if (typeof args.cursor === 'string') {
    const first = scored(sorted.slice(0, page.limit));
    const cursor = context.cursors.open(
      plan.spec.name,
      reader,
      sorted.map((item) => [item.record.lang, item.record.id] as const),
      first.length,
      context.now(),
    );
    return { items: () => first, item: () => first[0] ?? null, total: sorted.length, cursor, facetItems: () => all };
  }
  windowCheck(page);
  return {
    items: () => scored(sorted.slice(page.skip, page.skip + page.limit)),
    item: () => scored(sorted.slice(page.skip, page.skip + 1))[0] ?? null,
    total: sorted.length,
    cursor: null,
    facetItems: () => all,
  };
}

/** `cursor: ""` in the indexed order: only the keys are kept, so a walk over every item holds no item but the first page. */
function openCursor(
  items: ItemStore,
  query: Parameters<typeof matchingItems>[1] & { limit: number },
  field: string,
  reader: string,
  context: GraphqlContext,
): TypeAnswer {
  const keys: Array<readonly [string, string]> = [];
  const first: ItemView[] = [];
  for (const item of matchingItems(items, query, context)) {
    keys.push([item.record.lang, item.record.id]);
    if (first.length < query.limit) first.push(item);
  }
  checkDeadline(context);
  return {
    items: () => first,
    item: () => first[0] ?? null,
    total: keys.length,
    cursor: context.cursors.open(field, reader, keys, first.length, context.now()),
    facetItems: () => [],
  };
}

function windowCheck(page: { skip: number; limit: number }): void {
  if (page.skip + page.limit > RESULT_WINDOW) {
    throw new GraphQLError(
      `skip + limit must be at most ${RESULT_WINDOW} (here ${page.skip + page.limit}): ` +
        `only the first ${RESULT_WINDOW} results can be paged by skip; use cursor paging past them`,
    );
  }
}

function readerName(reader: Reader): string {
  return reader.kind === 'single-key' ? 'single-key' : reader.includeDeleted ? 'admin with deleted' : 'admin';
}

/** The fields of a selection (through fragments) named `name`. */
function fieldsNamed(selectionSet: SelectionSetNode | undefined, name: string | undefined, info: GraphQLResolveInfo): FieldNode[] {
  return (selectionSet?.selections ?? []).flatMap((selection): FieldNode[] => {
    if (selection.kind === Kind.FIELD) return name === undefined || selection.name.value === name ? [selection] : [];
    if (selection.kind === Kind.INLINE_FRAGMENT) return fieldsNamed(selection.selectionSet, name, info);
    return fieldsNamed(info.fragments[selection.name.value]?.selectionSet, name, info);
  });
}

/** Whether a selection asks for `items` or `item`. */
function selectsItems(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo): boolean {
  return fieldsNamed(selectionSet, undefined, info).some((field) => field.name.value === 'items' || field.name.value === 'item');
}

/** Each facet the query asks for, with its arguments (variables applied). */
function facetArguments(info: GraphQLResolveInfo, facetType: GraphQLObjectType | undefined): Array<{ name: string; args: Args }> {
  if (facetType === undefined) return [];
  const definitions = facetType.getFields();
  return fieldsNamed(info.fieldNodes[0]?.selectionSet, 'facets', info).flatMap((facets) =>
    fieldsNamed(facets.selectionSet, undefined, info).flatMap((node) => {
      const definition = definitions[node.name.value];
      return definition === undefined ? [] : [{ name: node.name.value, args: getArgumentValues(definition, node, info.variableValues) }];
    }),
  );
}

function pageArgs(args: Args): { limit: number; skip: number; locales: string[] | undefined; where: Record<string, unknown> | null } {
  const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
  const skip = typeof args.skip === 'number' ? args.skip : 0;
  if (limit < 0 || limit > MAX_LIMIT) throw new GraphQLError(`limit must be from 0 to ${MAX_LIMIT}, not ${limit}`);
  if (skip < 0) throw new GraphQLError(`skip must be 0 or more, not ${skip}`);
  const locales = Array.isArray(args.locale) ? args.locale.filter((l): l is string => typeof l === 'string') : [];
  // ALL asks for every language; NEUTRAL for items of no language, which no code matches.
  return { limit, skip, locales: locales.includes(ALL_LOCALES) ? undefined : locales, where: isRecord(args.where) ? args.where : null };
}
