import { excerpt } from '../diagnostics/excerpt.js';
import { HttpTransportError } from '../http/errors.js';
import { redact } from '../http/redact.js';
import { sendWithRetry } from '../http/send.js';
import type { HttpOptions } from '../http/types.js';
import { isRecord } from '../model/is-record.js';
import { ownValue, setOwn } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import type { DeleteCount } from '../plan/types.js';
import { parseBaseUrl } from './base-url.js';

/** Where the real service (and the emulator) serve content GraphQL, under the graph service root. */
export const CONTENT_GRAPHQL_PATH = '/content/v2';

/** A content GraphQL endpoint and the read key ("single key") it takes. */
export interface ContentEndpoint {
  /** The graph service root, e.g. https://graph.example.com; the endpoint is CONTENT_GRAPHQL_PATH under it. */
  baseUrl: string;
  singleKey: string;
}

export type CountOptions = Pick<HttpOptions, 'timeoutMs' | 'maxAttempts' | 'log' | 'sleep'>;

/** `pt-BR` → `pt_BR`: how a language code is written as a value of the service's `Locales` enum. */
export function localeValue(code: string): string {
  const name = code.replace(/[^_0-9A-Za-z]/g, '_');
  return /^[_A-Za-z]/.test(name) ? name : `_${name}`;
}

/**
 * How many items a source holds, per language, asked of its content GraphQL endpoint: one
 * query with a `total` per concrete content type and language. A concrete type's query
 * returns the items of exactly that type, so the totals add up to every item once. Never
 * throws: whatever goes wrong becomes `{known: false, reason}`, since a plan must not fail
 * for want of a number. The key travels in the Authorization header and is redacted from
 * every reason and log line.
 */
export async function countSourceItems(endpoint: ContentEndpoint, definition: SourceDefinition, options: CountOptions = {}): Promise<DeleteCount> {
  const concrete = Object.entries(definition.contentTypes).filter(([, type]) => type.abstract !== true).map(([name]) => name).sort();
  const pairs = concrete.flatMap((type) => definition.languages.map((language) => ({ type, language })));
  const byLanguage = Object.create(null) as Record<string, number>;
  for (const language of definition.languages) setOwn(byLanguage, language, 0);
  if (pairs.length === 0) return { known: true, total: 0, byLanguage };

  const fields = pairs.map((p, i) => `c${i}: ${p.type}(locale: [${localeValue(p.language)}]) { total }`);
  const query = `query graphformDeleteCount {\n  ${fields.join('\n  ')}\n}`;
  const secrets = [endpoint.singleKey];
  const clean = (text: string): string => excerpt(redact(text, secrets).replace(/\s+/g, ' ').trim(), 200);
  let status: number;
  let text: string;
  try {
    const { origin, pathPrefix } = parseBaseUrl(endpoint.baseUrl);
    const response = await sendWithRetry(
      () => ({
        method: 'POST',
        url: `${origin}${pathPrefix}${CONTENT_GRAPHQL_PATH}`,
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `epi-single ${endpoint.singleKey}` },
        body: JSON.stringify({ query }),
      }),
      { ...options, secrets },
    );
    ({ status, text } = response);
  } catch (error) {
    const why = error instanceof HttpTransportError ? error.message : error instanceof Error ? error.message : String(error);
    return unknown(`the content GraphQL endpoint could not be asked (${clean(why)})`);
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const errors = isRecord(body) && Array.isArray(body.errors) ? body.errors : [];
  const said = errors.map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : '')).find((m) => m !== '') ?? text;
  if (status !== 200 || errors.length > 0) return unknown(`the content GraphQL endpoint answered ${status}${said.trim() === '' ? '' : `: ${clean(said)}`}`);
  const data = isRecord(body) ? body.data : undefined;
  let total = 0;
  for (const [i, pair] of pairs.entries()) {
    const field = isRecord(data) ? ownValue(data, `c${i}`) : undefined;
    const count = isRecord(field) ? field.total : undefined;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      return unknown(`the content GraphQL endpoint gave no total for ${pair.type} in ${pair.language}`);
    }
    setOwn(byLanguage, pair.language, (ownValue(byLanguage, pair.language) ?? 0) + count);
    total += count;
  }
  return { known: true, total, byLanguage };
}

function unknown(reason: string): DeleteCount {
  return { known: false, reason };
}
