import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLScalarType,
} from 'graphql';
import type { FieldShape, WhereShape } from './filters.js';
import type { FilterScalar } from './operators.js';
import type { FieldSpec } from './schema-model.js';

/** The operators each scalar's filter offers, as the vendor's Operators page lists them per field type. */
const OPERATORS: Record<FilterScalar, readonly string[]> = {
  String: ['eq', 'notEq', 'in', 'notIn', 'like', 'contains', 'startsWith', 'endsWith', 'match', 'exist', 'boost'],
  Int: ['eq', 'notEq', 'in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'exist', 'boost'],
  Float: ['eq', 'notEq', 'in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'exist', 'boost'],
  Boolean: ['eq', 'notEq', 'exist', 'boost'],
  Date: ['eq', 'notEq', 'in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'exist', 'boost'],
  DateTime: ['eq', 'notEq', 'in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'exist', 'boost'],
};

/** Builds the `where` and `orderBy` inputs of every content type and property type, each once. */
export class InputTypes {
  private readonly filters: Record<FilterScalar, GraphQLInputObjectType>;
  private readonly fulltext = new GraphQLInputObjectType({
    name: 'SearchableStringFilterInput',
    description: 'Full-text search over every searchable value of the item: match (every word), contains (a substring, any case)',
    fields: { match: { type: GraphQLString }, contains: { type: GraphQLString } },
  });
  readonly order = new GraphQLEnumType({ name: 'OrderBy', values: { ASC: { value: 'ASC' }, DESC: { value: 'DESC' } } });
  private readonly propertyWheres = new Map<string, GraphQLInputObjectType>();
  private readonly propertyOrders = new Map<string, GraphQLInputObjectType>();
  private readonly propertyShapes = new Map<string, WhereShape>();

  /** `scalars`: the GraphQL scalar of each FilterScalar; `propertyTypes`: each property type's fields. */
  constructor(
    scalars: Record<FilterScalar, GraphQLScalarType>,
    private readonly propertyTypes: ReadonlyMap<string, readonly FieldSpec[]>,
  ) {
    const build = (scalar: FilterScalar): GraphQLInputObjectType =>
      new GraphQLInputObjectType({
        name: `${scalar}FilterInput`,
        fields: Object.fromEntries(
          OPERATORS[scalar].map((op) => {
            const type: GraphQLInputType =
              op === 'in' || op === 'notIn'
                ? new GraphQLList(scalars[scalar])
                : op === 'exist'
                  ? GraphQLBoolean
                  : op === 'boost'
                    ? GraphQLInt
                    : ['like', 'contains', 'startsWith', 'endsWith', 'match'].includes(op)
                      ? GraphQLString
                      : scalars[scalar];
            return [op, { type }];
          }),
        ),
      });
    this.filters = {
      String: build('String'),
      Int: build('Int'),
      Float: build('Float'),
      Boolean: build('Boolean'),
      Date: build('Date'),
      DateTime: build('DateTime'),
    };
  }

  /** A content type's `where`: its fields, `_id`, the logical connectors and `_fulltext`. */
  where(name: string, fields: readonly FieldSpec[]): GraphQLInputObjectType {
    const self: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${name}WhereInput`,
      fields: () => ({
        _id: { type: this.filters.String },
        ...this.fieldFilters(fields),
        _fulltext: { type: this.fulltext },
        _and: { type: new GraphQLList(self), description: 'Every filter holds' },
        _or: { type: new GraphQLList(self), description: 'At least one filter holds' },
        _not: { type: new GraphQLList(self), description: 'None of the filters holds' },
      }),
    });
    return self;
  }

  /** A content type's `orderBy`: `_ranking`, and ASC or DESC per field (a property type's fields within it). */
  orderBy(name: string, fields: readonly FieldSpec[], ranking: GraphQLEnumType): GraphQLInputObjectType {
    return new GraphQLInputObjectType({ name: `${name}OrderByInput`, fields: () => ({ ...this.fieldOrders(fields), _ranking: { type: ranking } }) });
  }

  /** How matchesWhere reads the fields of a `where` built from these fields. */
  shape(fields: readonly FieldSpec[]): WhereShape {
    return new Map(
      fields.flatMap((f): Array<[string, FieldShape]> => {
        if (f.type.scalar !== undefined) return [[f.name, { scalar: f.type.scalar as FilterScalar }]];
        const name = f.type.name;
        return this.propertyTypes.has(name) ? [[f.name, { shape: () => this.propertyShape(name) }]] : [];
      }),
    );
  }

  private propertyShape(name: string): WhereShape {
    let shape = this.propertyShapes.get(name);
    if (shape === undefined) {
      shape = this.shape(this.propertyTypes.get(name) ?? []);
      this.propertyShapes.set(name, shape);
    }
    return shape;
  }

  private fieldFilters(fields: readonly FieldSpec[]): GraphQLInputFieldConfigMap {
    return Object.fromEntries(
      fields.flatMap((f): Array<[string, { type: GraphQLInputType }]> => {
        if (f.type.scalar !== undefined) return [[f.name, { type: this.filters[f.type.scalar as FilterScalar] }]];
        const inner = this.propertyInput(f.type.name, this.propertyWheres, 'WhereInput', (fs) => this.fieldFilters(fs));
        return inner === undefined ? [] : [[f.name, { type: inner }]];
      }),
    );
  }

  private fieldOrders(fields: readonly FieldSpec[]): GraphQLInputFieldConfigMap {
    return Object.fromEntries(
      fields.flatMap((f): Array<[string, { type: GraphQLInputType }]> => {
        if (f.type.scalar !== undefined) return [[f.name, { type: this.order }]];
        const inner = this.propertyInput(f.type.name, this.propertyOrders, 'OrderByInput', (fs) => this.fieldOrders(fs));
        return inner === undefined ? [] : [[f.name, { type: inner }]];
      }),
    );
  }

  private propertyInput(
    name: string,
    built: Map<string, GraphQLInputObjectType>,
    suffix: string,
    fieldsOf: (fields: readonly FieldSpec[]) => GraphQLInputFieldConfigMap,
  ): GraphQLInputObjectType | undefined {
    const fields = this.propertyTypes.get(name);
    if (fields === undefined || fields.length === 0) return undefined;
    let input = built.get(name);
    if (input === undefined) {
      input = new GraphQLInputObjectType({ name: `${name}${suffix}`, fields: () => fieldsOf(fields) });
      built.set(name, input);
    }
    return input;
  }
}

export const FILTER_SCALARS: Record<Exclude<FilterScalar, 'Date' | 'DateTime'>, GraphQLScalarType> = {
  String: GraphQLString,
  Int: GraphQLInt,
  Float: GraphQLFloat,
  Boolean: GraphQLBoolean,
};
