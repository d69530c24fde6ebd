import {
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
} from 'graphql';
import { servedValue } from './filters.js';
import type { ItemView } from './item-query.js';
import { compare, type FilterScalar } from './operators.js';
import type { FieldSpec } from './schema-model.js';

/** A facet's `limit`: 10 unless asked, at most 1,000. */
export const FACET_LIMIT = 10;
export const MAX_FACET_LIMIT = 1000;

const UNIT_MS = { MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000 } as const;

/** What a facet field answers: a value (or range, or date bucket) and how many items hold it. */
interface FacetValue {
  name: string;
  count: number;
}

/** The items a content type's facets count: those `where` selects, before the facets' own `filters`. */
export interface FacetSource {
  facetItems: () => readonly ItemView[];
}

type Args = Record<string, unknown>;

/** The shared facet types; `order` is the `OrderBy` enum of the `where` inputs. */
export class FacetTypes {
  private readonly orderType = new GraphQLEnumType({ name: 'OrderByFacetType', values: { COUNT: { value: 'COUNT' }, VALUE: { value: 'VALUE' } } });
  private readonly unit = new GraphQLEnumType({
    name: 'DateFacetUnit',
    values: { MINUTE: { value: 'MINUTE' }, HOUR: { value: 'HOUR' }, DAY: { value: 'DAY' } },
  });
  private readonly range = new GraphQLInputObjectType({ name: 'RangeFacetsInput', fields: { from: { type: GraphQLFloat }, to: { type: GraphQLFloat } } });
  private readonly results = { StringFacet: facetList('StringFacet'), NumberFacet: facetList('NumberFacet'), DateFacet: facetList('DateFacet') };

  constructor(private readonly order: GraphQLEnumType) {}

  /** `${name}Facet`, a field per facetable property (a scalar or a list of one); undefined when it has none. */
  facetType(name: string, fields: readonly FieldSpec[]): GraphQLObjectType<FacetSource> | undefined {
    const facetable = fields.filter((f) => f.type.scalar !== undefined);
    if (facetable.length === 0) return undefined;
    return new GraphQLObjectType<FacetSource>({
      name: `${name}Facet`,
      fields: () => Object.fromEntries(facetable.map((f) => [f.name, this.facetField(f.name, f.type.scalar as FilterScalar)])),
    });
  }

  private facetField(name: string, scalar: FilterScalar): GraphQLFieldConfig<FacetSource, unknown> {
    const listed: GraphQLFieldConfigArgumentMap = {
      limit: { type: GraphQLInt, defaultValue: FACET_LIMIT, description: `At most ${MAX_FACET_LIMIT}` },
      orderType: { type: this.orderType, defaultValue: 'COUNT' },
      orderBy: { type: this.order, defaultValue: 'DESC' },
    };
    if (scalar === 'Date' || scalar === 'DateTime') {
      return {
        type: this.results.DateFacet,
        args: { unit: { type: this.unit, defaultValue: 'DAY' }, value: { type: GraphQLInt, defaultValue: 1, description: 'How many units one bucket spans' } },
        resolve: (source, args: Args) => dateBuckets(source.facetItems(), name, args),
      };
    }
    if (scalar === 'Int' || scalar === 'Float') {
      return {
        type: this.results.NumberFacet,
        args: {
          ranges: { type: new GraphQLList(this.range), description: 'Counts per range (from inclusive, to exclusive); without it, per value' },
          ...listed,
        },
        resolve: (source, args: Args) =>
          Array.isArray(args.ranges) ? rangeCounts(source.facetItems(), name, args.ranges as Args[]) : valueCounts(source.facetItems(), name, scalar, args),
      };
    }
    return {
      type: this.results.StringFacet,
      args: {
        filters: { type: new GraphQLList(GraphQLString), description: 'Only items holding one of these values are answered (the facet counts stay)' },
        ...listed,
      },
      resolve: (source, args: Args) => valueCounts(source.facetItems(), name, scalar, args),
    };
  }
}

function facetList(name: string): GraphQLList<GraphQLObjectType<FacetValue>> {
  return new GraphQLList(new GraphQLObjectType<FacetValue>({ name, fields: { name: { type: GraphQLString }, count: { type: GraphQLInt } } }));
}

/** The values a facet counts of one item: each distinct value once, as text. */
function valuesOf(item: ItemView, name: string): string[] {
  const served = servedValue(item.data, name);
  const values = (Array.isArray(served) ? served : [served]).filter((v) => v !== null && v !== undefined && typeof v !== 'object');
  return [...new Set(values.map(String))];
}

/** Whether an item holds one of a facet's `filters` values (in any case). */
export function holdsFacetValue(item: ItemView, name: string, filters: readonly string[]): boolean {
  const wanted = new Set(filters.map((f) => f.toLowerCase()));
  return valuesOf(item, name).some((value) => wanted.has(value.toLowerCase()));
}

function valueCounts(items: readonly ItemView[], name: string, scalar: FilterScalar, args: Args): FacetValue[] {
  const limit = typeof args.limit === 'number' ? args.limit : FACET_LIMIT;
  if (limit < 0 || limit > MAX_FACET_LIMIT) throw new GraphQLError(`A facet's limit must be from 0 to ${MAX_FACET_LIMIT}, not ${limit}`);
  const counts = new Map<string, number>();
  for (const item of items) for (const value of valuesOf(item, name)) counts.set(value, (counts.get(value) ?? 0) + 1);
  const typed = (text: string): unknown => (scalar === 'Int' || scalar === 'Float' ? Number(text) : text);
  const byValue = (a: FacetValue, b: FacetValue): number => compare(typed(a.name), typed(b.name), scalar) ?? 0;
  const sign = args.orderBy === 'ASC' ? 1 : -1;
  const order =
    args.orderType === 'VALUE'
      ? (a: FacetValue, b: FacetValue) => sign * byValue(a, b)
      : (a: FacetValue, b: FacetValue) => sign * (a.count - b.count) || byValue(a, b);
  return [...counts]
    .map(([value, count]) => ({ name: value, count }))
    .sort(order)
    .slice(0, limit);
}

function rangeCounts(items: readonly ItemView[], name: string, ranges: readonly Args[]): FacetValue[] {
  return ranges.map((range) => {
    const from = typeof range.from === 'number' ? range.from : undefined;
    const to = typeof range.to === 'number' ? range.to : undefined;
    const inside = (v: unknown): boolean => typeof v === 'number' && (from === undefined || v >= from) && (to === undefined || v < to);
    const count = items.filter((item) => {
      const served = servedValue(item.data, name);
      return (Array.isArray(served) ? served : [served]).some(inside);
    }).length;
    return { name: `${from ?? '*'}-${to ?? '*'}`, count };
  });
}

function dateBuckets(items: readonly ItemView[], name: string, args: Args): FacetValue[] {
  const span = (UNIT_MS[(args.unit as keyof typeof UNIT_MS | undefined) ?? 'DAY'] ?? UNIT_MS.DAY) * (typeof args.value === 'number' ? args.value : 1);
  if (!(span > 0)) throw new GraphQLError("A date facet's value must be 1 or more");
  const counts = new Map<number, number>();
  for (const item of items) {
    const starts = new Set(
      valuesOf(item, name)
        .map((text) => Date.parse(text))
        .filter((time) => !Number.isNaN(time))
        .map((time) => Math.floor(time / span) * span),
    );
    for (const start of starts) counts.set(start, (counts.get(start) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a - b).map(([start, count]) => ({ name: new Date(start).toISOString(), count }));
}
