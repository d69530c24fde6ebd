import type { Change } from '@graphql-inspector/core';
import type { GraphQLSchema } from 'graphql';
import { scalarsOnlySdl, sdlTypeNames, sourceSdl } from '../codegen/sdl.js';
import type { SourceDefinition } from '../model/types.js';
import type { GraphqlChange, GraphqlCriticality } from '../plan/types.js';

/** Breaking first, then dangerous, then safe; the inspector's order within each. */
const ORDER: Readonly<Record<GraphqlCriticality, number>> = { BREAKING: 0, DANGEROUS: 1, NON_BREAKING: 2 };

/**
 * How the GraphQL types of a source change from `before` (the applied definition; undefined
 * for a source that is not there yet) to `after` (the declared one; undefined for a source
 * being deleted): both SDL previews (codegen/sdl.ts) diffed by @graphql-inspector/core.
 * graphql and the inspector load here, on first use, so commands that never compare
 * schemas (validate, --version) do not pay for them.
 */
export async function graphqlChanges(before: SourceDefinition | undefined, after: SourceDefinition | undefined): Promise<GraphqlChange[]> {
  return before === undefined && after !== undefined ? addedTypes(after) : inspectorChanges(before, after);
}

/** The inspector's diff of the two SDL previews; exported for the test that holds addedTypes to it. */
export async function inspectorChanges(before: SourceDefinition | undefined, after: SourceDefinition | undefined): Promise<GraphqlChange[]> {
  const [{ buildSchema }, { diff }] = await Promise.all([import('graphql'), import('@graphql-inspector/core')]);
  // A missing source still has the date scalars: every schema of the service declares them.
  const schema = (definition: SourceDefinition | undefined): GraphQLSchema => buildSchema(definition === undefined ? scalarsOnlySdl() : sourceSdl(definition));
  const changes = await diff(schema(before), schema(after));
  return withoutPartsOfAddedTypes(changes)
    .map(toGraphqlChange)
    .sort((a, b) => ORDER[a.criticality] - ORDER[b.criticality]);
}

/**
 * A source that is not there yet only adds types: one "Type X was added" per type of its
 * SDL that the empty schema lacks, exactly what the inspector says after
 * withoutPartsOfAddedTypes (a test compares the two), without building two GraphQL schemas
 * per source, or even writing its SDL, which is most of what a plan creating many sources
 * would otherwise cost.
 */
function addedTypes(after: SourceDefinition): GraphqlChange[] {
  const existing = new Set(sdlTypeNames({ label: '', languages: [], contentTypes: {} }));
  return sdlTypeNames(after)
    .filter((name) => !existing.has(name))
    .map((name) => ({ criticality: 'NON_BREAKING', message: `Type '${name}' was added`, path: name }));
}

/**
 * "Type Product was added" says it all: the inspector's further lines for each of its
 * fields and interfaces would bury the changes that matter (a removed type gets one line).
 */
function withoutPartsOfAddedTypes(changes: readonly Change[]): Change[] {
  const added = new Set(changes.filter((c) => c.type === 'TYPE_ADDED' && c.path !== undefined).map((c) => c.path));
  return changes.filter((c) => {
    if (c.type === 'TYPE_ADDED' || c.path === undefined) return true;
    const owner = c.path.split('.')[0] ?? '';
    return !added.has(owner);
  });
}

export function toGraphqlChange(change: Change): GraphqlChange {
  return { criticality: criticality(change.criticality.level), message: change.message, path: change.path ?? null };
}

/** The inspector's CriticalityLevel enum, by value: the enum itself would have to be imported eagerly. */
function criticality(level: string): GraphqlCriticality {
  switch (level) {
    case 'BREAKING':
    case 'DANGEROUS':
    case 'NON_BREAKING':
      return level;
    default:
      // A level a later inspector adds is treated as the most careful one.
      return 'BREAKING';
  }
}
