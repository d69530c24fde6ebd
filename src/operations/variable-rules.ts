import {
  GraphQLError,
  isInputObjectType,
  isNonNullType,
  isNullableType,
  isTypeSubTypeOf,
  Kind,
  NoUndefinedVariablesRule,
  NoUnusedVariablesRule,
  typeFromAST,
  VariablesInAllowedPositionRule,
  type ExecutableDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type TypeInfo,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
  type VariableDefinitionNode,
  type VariableNode,
} from 'graphql';

/** graphql's three rules about an operation's variables, which this one replaces. */
export const VARIABLE_RULES: readonly ValidationRule[] = [NoUndefinedVariablesRule, NoUnusedVariablesRule, VariablesInAllowedPositionRule];

interface Usage {
  node: VariableNode;
  type: GraphQLInputType | undefined;
  defaultValue: unknown;
  parentType: GraphQLInputType | undefined;
}

/**
 * graphql's NoUndefinedVariables, NoUnusedVariables and VariablesInAllowedPosition with the
 * same errors (messages and nodes), from the usages seen in the validation's own pass.
 * graphql's rules ask the context for each operation's usages, and it walks every operation
 * and fragment again with a type tracker of its own: a third of the validation of 500
 * operations. `typeInfo` must be the TypeInfo the validation runs with (validate's last
 * argument), so each usage gets the input type where it stands.
 */
export function variablesRule(typeInfo: TypeInfo): ValidationRule {
  return (context: ValidationContext) => {
    const usages = new Map<ExecutableDefinitionNode, Usage[]>();
    const operations: OperationDefinitionNode[] = [];
    let current: Usage[] = [];
    const begin = (node: ExecutableDefinitionNode): void => {
      current = [];
      usages.set(node, current);
    };
    return {
      OperationDefinition(node) {
        operations.push(node);
        begin(node);
      },
      FragmentDefinition: begin,
      // A definition's own `$name` is no usage.
      VariableDefinition: () => false,
      Variable(node) {
        current.push({
          node,
          type: typeInfo.getInputType() ?? undefined,
          defaultValue: typeInfo.getDefaultValue(),
          parentType: typeInfo.getParentInputType() ?? undefined,
        });
      },
      Document: {
        leave() {
          for (const operation of operations) {
            const reached = [operation, ...context.getRecursivelyReferencedFragments(operation)].flatMap((definition) => usages.get(definition) ?? []);
            checkOperation(context, operation, reached);
          }
        },
      },
    };
  };
}

function checkOperation(context: ValidationContext, operation: OperationDefinitionNode, reached: readonly Usage[]): void {
  const schema = context.getSchema();
  const name = operation.name?.value;
  const definitions = new Map<string, VariableDefinitionNode>();
  for (const definition of operation.variableDefinitions ?? []) definitions.set(definition.variable.name.value, definition);
  // In graphql's rule order: undefined, then unused, then misplaced.
  for (const { node } of reached) {
    const variable = node.name.value;
    if (definitions.has(variable)) continue;
    const message = name === undefined ? `Variable "$${variable}" is not defined.` : `Variable "$${variable}" is not defined by operation "${name}".`;
    context.reportError(new GraphQLError(message, { nodes: [node, operation] }));
  }
  const used = new Set(reached.map(({ node }) => node.name.value));
  for (const [variable, definition] of definitions) {
    if (used.has(variable)) continue;
    const message = name === undefined ? `Variable "$${variable}" is never used.` : `Variable "$${variable}" is never used in operation "${name}".`;
    context.reportError(new GraphQLError(message, { nodes: definition }));
  }
  for (const { node, type, defaultValue, parentType } of reached) {
    const variable = node.name.value;
    const definition = definitions.get(variable);
    if (definition === undefined || type === undefined) continue;
    const declared = typeFromAST(schema, definition.type);
    if (declared !== undefined && !allowedUsage(schema, declared, definition.defaultValue, type, defaultValue)) {
      context.reportError(
        new GraphQLError(`Variable "$${variable}" of type "${String(declared)}" used in position expecting type "${String(type)}".`, {
          nodes: [definition, node],
        }),
      );
    }
    if (isInputObjectType(parentType) && parentType.isOneOf && isNullableType(declared)) {
      context.reportError(
        new GraphQLError(
          `Variable "$${variable}" is of type "${String(declared)}" but must be non-nullable to be used for OneOf Input Object "${String(parentType)}".`,
          {
            nodes: [definition, node],
          },
        ),
      );
    }
  }
}

/** A variable fits where it stands when its type is the same or stricter; a nullable one fits a non-null place only with a default. */
function allowedUsage(
  schema: GraphQLSchema,
  declared: GraphQLType,
  declaredDefault: ValueNode | undefined,
  place: GraphQLInputType,
  placeDefault: unknown,
): boolean {
  if (isNonNullType(place) && !isNonNullType(declared)) {
    const hasDefault = declaredDefault !== undefined && declaredDefault.kind !== Kind.NULL;
    if (!hasDefault && placeDefault === undefined) return false;
    return isTypeSubTypeOf(schema, declared, place.ofType);
  }
  return isTypeSubTypeOf(schema, declared, place);
}
