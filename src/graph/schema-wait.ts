import { isRecord } from '../model/is-record.js';
import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { localeValue, type CountOptions } from './content-counts.js';
import { credentialsRefused, queryContent, type ContentEndpoint } from './content-query.js';
import { pollUntil, type PollOptions, type PollOutcome } from './poll.js';
import { packFields } from './query-budget.js';
import { expectedTypes, servedType, TYPE_REF_SELECTION, type ExpectedType } from './schema-expect.js';

/** What the GraphQL schema lacks of a definition: "Product", "Product.Color", "Product.Price (served as String, expected Int)", "Locales.sv". */
export interface SchemaGap {
  missing: string[];
  /** Why the endpoint could not be asked or did not answer, when it did not. */
  reason?: string;
  /** What the schema serves that graphform does not expect, naming what it expected: waiting will not mend it. */
  unexpected?: string;
}

export interface SchemaWait {
  outcome: PollOutcome;
  waitedMs: number;
  /** What was still missing at the last check (empty when served). */
  missing: string[];
  reason?: string;
  /** Set when the wait ended at once on a schema shape graphform does not expect (outcome `fatal`). */
  unexpected?: string;
}

type Entry = { kind: 'locales' } | { kind: 'type'; type: ExpectedType };

/**
 * Waits until the content GraphQL endpoint serves `definition`: every content type and
 * property type it reaches, each field of the type it declares (a retyped property is
 * waited for until GraphQL serves the new type), and every language as a value of the
 * `Locales` enum. A schema change takes minutes to get there, and items pushed before it
 * may never be indexed. Asked by introspection with the environment's graph credentials,
 * in queries within the service's length limit. A shape graphform does not expect
 * (`Locales` not an enum, a content type that is not an object type) ends the wait at once
 * naming what was expected. A change that only removes types or properties leaves nothing
 * new to see, and passes at the first check.
 */
export async function waitForSchema(
  endpoint: ContentEndpoint,
  definition: SourceDefinition,
  options: PollOptions & CountOptions,
  onWaiting?: (gap: SchemaGap, waitedMs: number) => void,
): Promise<SchemaWait> {
  const { withinMs, sleep, now, signal, ...http } = options;
  const entries: Entry[] = [{ kind: 'locales' }, ...expectedTypes(definition).map((type): Entry => ({ kind: 'type', type }))];
  const field = (entry: Entry, alias: string): string =>
    entry.kind === 'locales'
      ? `${alias}: __type(name: "Locales") { kind enumValues { name } }`
      : `${alias}: __type(name: ${JSON.stringify(entry.type.name)}) { kind fields { name ${TYPE_REF_SELECTION} } }`;
  const check = async (): Promise<{ state: 'done' | 'waiting' | 'fatal'; value: SchemaGap }> => {
    const missing: string[] = [];
    for (const part of packFields('graphformSchema', entries, field, 't')) {
      const answer = await queryContent(endpoint, part.query, { ...http, ...(now === undefined ? {} : { now }), ...(signal === undefined ? {} : { signal }) });
      if (!answer.ok) return { state: credentialsRefused(answer) ? 'fatal' : 'waiting', value: { missing: ['the schema'], reason: answer.reason } };
      for (const { entry, alias } of part.entries) {
        const served = ownValue(answer.data, alias);
        const unexpected = entry.kind === 'locales' ? compareLocales(served, definition.languages, missing) : compareType(served, entry.type, missing);
        if (unexpected !== undefined) return { state: 'fatal', value: { missing, unexpected } };
      }
    }
    return { state: missing.length === 0 ? 'done' : 'waiting', value: { missing } };
  };
  const waited = await pollUntil(
    check,
    { withinMs, ...(sleep === undefined ? {} : { sleep }), ...(now === undefined ? {} : { now }), ...(signal === undefined ? {} : { signal }) },
    onWaiting,
  );
  const { missing, reason, unexpected } = waited.value;
  return {
    outcome: waited.outcome,
    waitedMs: waited.waitedMs,
    missing,
    ...(reason === undefined ? {} : { reason }),
    ...(unexpected === undefined ? {} : { unexpected }),
  };
}

/** Notes the languages `Locales` does not list yet; returns what is wrong with its shape, if anything. */
function compareLocales(served: unknown, languages: readonly string[], missing: string[]): string | undefined {
  // The endpoint answered, so it serves a schema: one without a Locales enum is not one graphform can wait on.
  if (!isRecord(served)) return 'expected an enum type Locales listing the languages of the sources; GraphQL serves no type Locales';
  if (served.kind !== 'ENUM' || !Array.isArray(served.enumValues))
    return (
      'expected Locales to be an enum type listing the languages of the sources; ' +
      `GraphQL serves it as ${typeof served.kind === 'string' ? served.kind : 'something else'}`
    );
  const names = namesOf(served.enumValues);
  for (const language of languages) if (!names.has(localeValue(language))) missing.push(`Locales.${localeValue(language)}`);
  return undefined;
}

/** Notes what a served type lacks of the expected one (a field, or a field's type); returns what is wrong with its shape, if anything. */
function compareType(served: unknown, expected: ExpectedType, missing: string[]): string | undefined {
  if (!isRecord(served)) {
    missing.push(expected.name);
    return undefined;
  }
  if (typeof served.kind !== 'string' || !expected.kinds.includes(served.kind) || !Array.isArray(served.fields)) {
    return (
      `expected ${expected.what} ${expected.name} to be an ${expected.kinds.join(' or ')} type with fields; ` +
      `GraphQL serves it as ${typeof served.kind === 'string' ? served.kind : 'something else'}`
    );
  }
  const fields = new Map<string, unknown>();
  for (const f of served.fields) if (isRecord(f) && typeof f.name === 'string') fields.set(f.name, f.type);
  for (const [name, type] of expected.fields) {
    if (!fields.has(name)) missing.push(`${expected.name}.${name}`);
    else if (type !== undefined && servedType(fields.get(name)) !== type)
      missing.push(`${expected.name}.${name} (served as ${servedType(fields.get(name)) ?? 'another type'}, expected ${type})`);
  }
  return undefined;
}

/** The `name`s of an introspection list. */
function namesOf(list: readonly unknown[]): Set<string> {
  const names = new Set<string>();
  for (const entry of list) if (isRecord(entry) && typeof entry.name === 'string') names.add(entry.name);
  return names;
}
