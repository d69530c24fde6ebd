import { validateSchema, type GraphQLSchema } from 'graphql';
import type { ContentSourceV3 } from '../graph/wire-definition.js';
import type { ItemStore } from '../items/item-store.js';
import type { ItemField } from '../types.js';
import { buildContentSchema } from './schema.js';
import { schemaModel } from './schema-model.js';

/** The schema the endpoint serves for some definitions, or why it would not work. */
export type ServedSchema = { ok: true; schema: GraphQLSchema } | { ok: false; problems: string[] };

/**
 * The content GraphQL schema the emulator serves for these definitions, built by the very
 * code that serves it, for checking queries against (validation, introspection, SDL): its
 * resolvers never run, so the item store behind them refuses every read. A schema of
 * sources without content types has no query field and so is no schema: its problem says so.
 */
export function servedSchema(sources: ReadonlyArray<{ id: string; definition: ContentSourceV3 }>, itemFields: readonly ItemField[]): ServedSchema {
  const model = schemaModel(sources, itemFields);
  if (model.problems.length > 0) return { ok: false, problems: model.problems };
  if (model.contentTypes.length === 0) return { ok: false, problems: ['no source has content types, so the endpoint serves no query field'] };
  try {
    const schema = buildContentSchema(model, NO_ITEMS);
    const problems = validateSchema(schema);
    return problems.length === 0 ? { ok: true, schema } : { ok: false, problems: problems.map((p) => p.message) };
  } catch (error) {
    return { ok: false, problems: [error instanceof Error ? error.message : String(error)] };
  }
}

const refuse = (): never => {
  throw new Error('a schema built for checking queries runs none');
};

const NO_ITEMS: ItemStore = { index: refuse, read: refuse, empty: refuse, apply: refuse, purge: refuse, forget: refuse, forgetAll: refuse };
