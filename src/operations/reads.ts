import { getNamedType, isAbstractType, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { OperationChange } from './types.js';

/** The schema coordinates an operation reads, in the three ways a change can reach them. */
export interface Reads {
  /** `Type.field` of every selected field, through interfaces to each type that can answer. */
  fields: Set<string>;
  /** Types met as a whole: fragment type conditions and the types an interface's answer can be. */
  types: Set<string>;
  /** Input and enum types of variables: any change inside one reaches the operation. */
  inputs: Set<string>;
}

/** What a valid operation (with the fragments it spreads) reads of the schema. */
export function readsOf(schema: GraphQLSchema, document: DocumentNode): Reads {
  const reads: Reads = { fields: new Set(), types: new Set(), inputs: new Set() };
  const info = new TypeInfo(schema);
  const input = (type: Parameters<typeof getNamedType>[0]): void => {
    const named = getNamedType(type);
    if (named !== undefined) reads.inputs.add(named.name);
  };
  visit(
    document,
    visitWithTypeInfo(info, {
      [Kind.FIELD]: (node) => {
        const parent = info.getParentType();
        if (parent === null || parent === undefined) return;
        reads.fields.add(`${parent.name}.${node.name.value}`);
        if (!isAbstractType(parent)) return;
        for (const member of schema.getPossibleTypes(parent)) {
          reads.types.add(member.name);
          reads.fields.add(`${member.name}.${node.name.value}`);
        }
      },
      [Kind.ARGUMENT]: (node) => {
        const parent = info.getParentType();
        const field = info.getFieldDef();
        if (parent !== null && parent !== undefined && field !== null && field !== undefined)
          reads.fields.add(`${parent.name}.${field.name}.${node.name.value}`);
      },
      // A literal reads only the input fields and enum values it writes; a variable may hold any, so its whole type is read.
      [Kind.OBJECT_FIELD]: (node) => {
        const parent = info.getParentInputType();
        const named = parent === null || parent === undefined ? undefined : getNamedType(parent);
        if (named !== undefined) reads.fields.add(`${named.name}.${node.name.value}`);
      },
      [Kind.ENUM]: (node) => {
        const type = info.getInputType();
        const named = type === null || type === undefined ? undefined : getNamedType(type);
        if (named !== undefined) reads.fields.add(`${named.name}.${node.value}`);
      },
      [Kind.VARIABLE_DEFINITION]: () => input(info.getInputType() ?? undefined),
      [Kind.INLINE_FRAGMENT]: (node) => {
        if (node.typeCondition !== undefined) reads.types.add(node.typeCondition.name.value);
      },
      [Kind.FRAGMENT_DEFINITION]: (node) => {
        reads.types.add(node.typeCondition.name.value);
      },
    }),
  );
  return reads;
}

/**
 * Whether a change reaches what an operation reads: a change of a field or of one of its
 * arguments (`Product.Price`, `Query.Product.locale`), of an input field or enum value it
 * writes (`ProductWhereInput.Price`, `Locales.sv`), of a type it reads as a whole (`Product`
 * no longer implementing `Item`), or of anything inside the input or enum type of one of
 * its variables (`Locales.sv` removed under `$locale: [Locales]`).
 */
export function reaches(change: Pick<OperationChange, 'path'>, reads: Reads): boolean {
  const [type = '', field] = change.path.split('.');
  if (reads.inputs.has(type)) return true;
  return field === undefined ? reads.types.has(type) : reads.fields.has(`${type}.${field}`);
}
