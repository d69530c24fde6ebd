import { execute, GraphQLError, Kind, parse, validate, validateSchema, type DocumentNode, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import type { ItemStore } from '../items/item-store.js';
import type { MemoryStore } from '../server/store.js';
import { CursorStore } from './cursors.js';
import { QUERY_TIME_LIMIT_MS, type Reader } from './item-query.js';
import { buildContentSchema, type GraphqlContext } from './schema.js';
import { schemaModel } from './schema-model.js';
import type { ItemField } from '../types.js';
import type { ItemRecord } from '../items/item-store.js';
import { servedData, servedFieldsOf } from './served-fields.js';

/** Which keys of an item's data line its last push left unindexed (items/field-indexing.ts). */
export type UnindexedKeys = (source: string, lang: string, id: string) => ReadonlySet<string> | undefined;

/** A GraphQL-over-HTTP request body, already checked for its shape. */
export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** The answer: the status, and `{data?, errors?}` as GraphQL servers send it. */
export interface GraphqlAnswer {
  status: number;
  body: { data?: unknown; errors?: ReadonlyArray<{ message: string }> };
}

/** The schema of the current definitions, and the queries already parsed and validated against it (by their text). */
type Built = { ok: true; schema: GraphQLSchema; documents: Map<string, DocumentNode> } | { ok: false; status: number; message: string };

/** Distinct valid query texts kept per schema; past it the cache starts again. */
const DOCUMENTS_KEPT = 256;

/** The service's published limits on a query's text (docs/service-facts.md, "Reading items back"). */
export const MAX_QUERY_LENGTH = 10_000;
export const MAX_QUERY_DEPTH = 10;

export interface GraphqlEngine {
  execute(request: GraphqlRequest, reader: Reader): Promise<GraphqlAnswer>;
}

/**
 * Runs queries against the schema of the current definitions. This module (and with it the
 * graphql package) is imported only when the endpoint is first used. The schema is built
 * again only when the store's definitions changed (its revision moved); `itemFields` (the
 * optional item fields every content type serves) is fixed for the engine's life.
 */
export function createGraphqlEngine(
  store: MemoryStore,
  items: ItemStore,
  now: () => number,
  itemFields: readonly ItemField[],
  unindexed: UnindexedKeys = () => undefined,
): GraphqlEngine {
  const cursors = new CursorStore();
  // Each property is served from the key its served definition names, and not where a push before the schema left it unindexed.
  const view = (source: string, record: ItemRecord, data: Record<string, unknown>): Record<string, unknown> => {
    const definition = store.get(source)?.definition;
    const fields = definition === undefined ? undefined : servedFieldsOf(definition);
    const table = fields?.contentType(record.type);
    return fields === undefined || table === undefined ? data : servedData(data, table, fields, unindexed(source, record.lang, record.id));
  };
  let cached: { revision: number; built: Built } | undefined;
  const current = (): Built => {
    if (cached?.revision !== store.revision) cached = { revision: store.revision, built: build(store, items, itemFields) };
    return cached.built;
  };
  return {
    async execute(request, reader) {
      if (request.query.length > MAX_QUERY_LENGTH) {
        return failure(400, `The query is ${request.query.length} characters long: at most ${MAX_QUERY_LENGTH} are allowed`);
      }
      const built = current();
      if (!built.ok) return failure(built.status, built.message);
      // A query sent again (a client paging with variables) is parsed and validated once per schema.
      let document = built.documents.get(request.query);
      if (document === undefined) {
        try {
          document = parse(request.query, { maxTokens: 10_000 });
        } catch (error) {
          return { status: 400, body: { errors: [formatError(error)] } };
        }
        const invalid = validate(built.schema, document);
        if (invalid.length > 0) return { status: 400, body: { errors: invalid.map(formatError) } };
        const depth = queryDepth(document);
        if (depth > MAX_QUERY_DEPTH) return failure(400, `The query is ${depth} levels deep: at most ${MAX_QUERY_DEPTH} are allowed`);
        if (built.documents.size >= DOCUMENTS_KEPT) built.documents.clear();
        built.documents.set(request.query, document);
      }
      const contextValue: GraphqlContext = { reader, now, deadline: now() + QUERY_TIME_LIMIT_MS, cursors, view };
      const result = await execute({
        schema: built.schema,
        document,
        contextValue,
        variableValues: request.variables ?? null,
        operationName: request.operationName ?? null,
      });
      // No data at all means the request itself was wrong (a variable, the operation name).
      const status = result.data === undefined || result.data === null ? 400 : 200;
      return {
        status,
        body: {
          ...(result.errors === undefined ? {} : { errors: result.errors.map(formatError) }),
          ...(result.data === undefined ? {} : { data: result.data }),
        },
      };
    },
  };
}

function build(store: MemoryStore, items: ItemStore, itemFields: readonly ItemField[]): Built {
  const sources = store.ids().flatMap((id) => {
    const source = store.get(id);
    return source === undefined ? [] : [{ id, definition: source.definition }];
  });
  const model = schemaModel(sources, itemFields);
  if (model.problems.length > 0) return { ok: false, status: 500, message: `The schema does not work: ${model.problems.join('; ')}` };
  if (model.contentTypes.length === 0)
    return { ok: false, status: 400, message: 'The schema is empty: no custom content source has content types yet (PUT types first)' };
  try {
    const schema = buildContentSchema(model, items);
    // graphql-js checks a schema lazily, at the first query; asking now gives one clear message.
    const problems = validateSchema(schema);
    return problems.length === 0
      ? { ok: true, schema, documents: new Map() }
      : { ok: false, status: 500, message: `The schema does not work: ${problems.map((e) => e.message).join('; ')}` };
  } catch (error) {
    return { ok: false, status: 500, message: `The schema does not work: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * How deeply the content fields of the document nest: `{ Product { items { _id } } }` is 3
 * deep. Introspection (`__schema`, `__type` at the root) is left out: the standard query of
 * GraphiQL and codegen is 15 deep, and the service's own tools introspect it, so the limit is
 * for content queries. Fragments count where they are spread; validation has already refused
 * fragment cycles.
 */
export function queryDepth(document: DocumentNode): number {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])));
  const depthOf = (set: SelectionSetNode | undefined, root: boolean): number =>
    Math.max(
      0,
      ...(set?.selections ?? []).map((selection) => {
        if (selection.kind === Kind.FIELD) return root && selection.name.value.startsWith('__') ? 0 : 1 + depthOf(selection.selectionSet, false);
        if (selection.kind === Kind.INLINE_FRAGMENT) return depthOf(selection.selectionSet, root);
        return depthOf(fragments.get(selection.name.value), root);
      }),
    );
  return Math.max(0, ...document.definitions.map((d) => (d.kind === Kind.OPERATION_DEFINITION ? depthOf(d.selectionSet, true) : 0)));
}

function formatError(error: unknown): { message: string; locations?: ReadonlyArray<{ line: number; column: number }>; path?: ReadonlyArray<string | number> } {
  if (!(error instanceof GraphQLError)) return { message: error instanceof Error ? error.message : String(error) };
  return {
    message: error.message,
    ...(error.locations === undefined ? {} : { locations: error.locations }),
    ...(error.path === undefined ? {} : { path: error.path }),
  };
}

function failure(status: number, message: string): GraphqlAnswer {
  return { status, body: { errors: [{ message }] } };
}
