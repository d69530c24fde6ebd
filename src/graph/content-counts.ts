import type { HttpOptions } from '../http/types.js';
import { isRecord } from '../model/is-record.js';
import { ownValue, setOwn } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import type { DeleteCount } from '../plan/types.js';
import { queryContent, type ContentEndpoint, type ContentQueryOptions } from './content-query.js';
import { packFields } from './query-budget.js';

export { CONTENT_GRAPHQL_PATH, type ContentCredentials, type ContentEndpoint } from './content-query.js';

export type CountOptions = Pick<HttpOptions, 'timeoutMs' | 'maxAttempts' | 'log' | 'sleep'> & Pick<ContentQueryOptions, 'now' | 'signal'>;

/** One content type in one language. */
export interface TypeLanguage {
  type: string;
  language: string;
}

/** `pt-BR` → `pt_BR`: how a language code is written as a value of the service's `Locales` enum. */
export function localeValue(code: string): string {
  const name = code.replace(/[^_0-9A-Za-z]/g, '_');
  return /^[_A-Za-z]/.test(name) ? name : `_${name}`;
}

/**
 * How many items a source holds, per language, asked of its content GraphQL endpoint: one
 * query with a `total` per concrete content type and language. A concrete type's query
 * returns the items of exactly that type, so the totals add up to every item once. Asked
 * with the environment's graph credentials, the count includes drafts and restricted
 * items, which a wipe deletes as well. Never throws: whatever goes wrong becomes `{known:
 * false, reason}`, since a plan must not fail for want of a number. Credentials travel in
 * the Authorization header and are redacted from every reason and log line.
 */
export async function countSourceItems(endpoint: ContentEndpoint, definition: SourceDefinition, options: CountOptions = {}): Promise<DeleteCount> {
  const concrete = Object.entries(definition.contentTypes)
    .filter(([, type]) => type.abstract !== true)
    .map(([name]) => name)
    .sort();
  const pairs = concrete.flatMap((type) => definition.languages.map((language) => ({ type, language })));
  const byLanguage = Object.create(null) as Record<string, number>;
  for (const language of definition.languages) setOwn(byLanguage, language, 0);
  if (pairs.length === 0) return { known: true, total: 0, byLanguage };
  const counted = await countPairs(endpoint, pairs, options);
  if (!counted.ok) return { known: false, reason: counted.reason };
  let total = 0;
  for (const [i, pair] of pairs.entries()) {
    const count = counted.totals[i] ?? 0;
    setOwn(byLanguage, pair.language, (ownValue(byLanguage, pair.language) ?? 0) + count);
    total += count;
  }
  return { known: true, total, byLanguage };
}

export type PairCounts = { ok: true; totals: number[] } | { ok: false; status: number | undefined; reason: string };

/**
 * How many items the endpoint serves of each content type in each language (a `total` per
 * pair, in the order given), or why it could not say. The totals are asked in as few
 * queries as fit the service's query length limit, so a source of any number of types and
 * languages can be counted.
 */
export async function countPairs(
  endpoint: ContentEndpoint,
  pairs: readonly TypeLanguage[],
  options: CountOptions & Pick<ContentQueryOptions, 'headers'> = {},
): Promise<PairCounts> {
  if (pairs.length === 0) return { ok: true, totals: [] };
  // `total` alone answers -1 past 10,000 items; `all: true` asks for the exact number (docs/service-facts.md "Reading items back").
  const totals: number[] = [];
  // Aliased in pair order, so the totals come back in it, whichever query carried each.
  for (const part of packFields(
    'graphformCount',
    pairs,
    (pair, alias) => `${alias}: ${pair.type}(locale: [${localeValue(pair.language)}]) { total(all: true) }`,
    'c',
  )) {
    const answer = await queryContent(endpoint, part.query, options);
    if (!answer.ok) return answer;
    for (const { entry: pair, alias } of part.entries) {
      const field = ownValue(answer.data, alias);
      const count = isRecord(field) ? field.total : undefined;
      if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
        return { ok: false, status: 200, reason: `the content GraphQL endpoint gave no total for ${pair.type} in ${pair.language}` };
      }
      totals.push(count);
    }
  }
  return { ok: true, totals };
}
