import { isRecord } from '../model/is-record.js';
import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { localeValue, type CountOptions } from './content-counts.js';
import { credentialsRefused, queryContent, type ContentEndpoint } from './content-query.js';
import { pollUntil, type PollOptions, type PollOutcome } from './poll.js';

/** What the GraphQL schema lacks of a definition: "Product", "Product.Color", "Locales.sv". */
export interface SchemaGap {
  missing: string[];
  /** Why the endpoint could not be asked or did not answer, when it did not. */
  reason?: string;
}

export interface SchemaWait {
  outcome: PollOutcome;
  waitedMs: number;
  /** What was still missing at the last check (empty when served). */
  missing: string[];
  reason?: string;
}

/**
 * Waits until the content GraphQL endpoint serves `definition` (docs/service-facts.md,
 * "Propagation and indexing": a schema change takes minutes to get there, and items pushed
 * before it may never be indexed): every content type, with every property it declares,
 * and every language as a value of `Locales`. Asked by introspection, with the
 * environment's graph credentials. What is asked for is presence: a change that only
 * removes types or properties leaves nothing new to see, and passes at the first check.
 */
export async function waitForSchema(
  endpoint: ContentEndpoint,
  definition: SourceDefinition,
  options: PollOptions & CountOptions,
  onWaiting?: (gap: SchemaGap, waitedMs: number) => void,
): Promise<SchemaWait> {
  const { withinMs, sleep, now, signal, ...http } = options;
  const types = Object.keys(definition.contentTypes).sort();
  const fields = types.map((type, i) => `t${i}: __type(name: ${JSON.stringify(type)}) { fields { name } }`);
  const query = `query graphformSchema {\n  locales: __type(name: "Locales") { enumValues { name } }\n  ${fields.join('\n  ')}\n}`;
  const check = async (): Promise<{ state: 'done' | 'waiting' | 'fatal'; value: SchemaGap }> => {
    const answer = await queryContent(endpoint, query, { ...http, ...(now === undefined ? {} : { now }), ...(signal === undefined ? {} : { signal }) });
    if (!answer.ok) return { state: credentialsRefused(answer) ? 'fatal' : 'waiting', value: { missing: ['the schema'], reason: answer.reason } };
    const missing: string[] = [];
    const locales = namesOf(ownValue(answer.data, 'locales'), 'enumValues');
    for (const language of definition.languages) if (!locales.has(localeValue(language))) missing.push(`Locales.${localeValue(language)}`);
    for (const [i, type] of types.entries()) {
      const served = ownValue(answer.data, `t${i}`);
      if (!isRecord(served)) {
        missing.push(type);
        continue;
      }
      const names = namesOf(served, 'fields');
      for (const property of Object.keys(ownValue(definition.contentTypes, type)?.properties ?? {}).sort()) {
        if (!names.has(property)) missing.push(`${type}.${property}`);
      }
    }
    return { state: missing.length === 0 ? 'done' : 'waiting', value: { missing } };
  };
  const waited = await pollUntil(check, { withinMs, ...(sleep === undefined ? {} : { sleep }), ...(now === undefined ? {} : { now }), ...(signal === undefined ? {} : { signal }) }, onWaiting);
  return { outcome: waited.outcome, waitedMs: waited.waitedMs, missing: waited.value.missing, ...(waited.value.reason === undefined ? {} : { reason: waited.value.reason }) };
}

/** The `name`s in an introspection list (`fields` or `enumValues`). */
function namesOf(value: unknown, key: string): Set<string> {
  const list = isRecord(value) ? ownValue(value, key) : undefined;
  const names = new Set<string>();
  if (Array.isArray(list)) for (const entry of list) if (isRecord(entry) && typeof entry.name === 'string') names.add(entry.name);
  return names;
}
