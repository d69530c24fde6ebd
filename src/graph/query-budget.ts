/** The service's limit on a query's length, in characters. */
export const MAX_QUERY_LENGTH = 10_000;

/** One query of a split: its text and the entries whose fields it holds, in order, each with its field's alias. */
export interface QueryPart<T> {
  query: string;
  entries: Array<{ entry: T; alias: string }>;
}

/**
 * Aliased fields (`c0: Product(…) { total }`) packed into as few queries as fit the
 * service's query length limit, in the order given, one query at a time as the entries
 * come: a source of many types and languages asks several queries rather than one the
 * service refuses, and a long list of entries is never held as query text at once. `field`
 * writes an entry's field under the alias it is given (unique across every query of the
 * split: `prefix` and a number). A field too long to share a query goes alone; the caller
 * makes sure none is too long even so (fieldRoom).
 */
export function* packFields<T>(
  name: string,
  entries: Iterable<T>,
  field: (entry: T, alias: string) => string,
  prefix = 'f',
  maxLength: number = MAX_QUERY_LENGTH,
): Generator<QueryPart<T>> {
  const head = `query ${name} {\n  `;
  const tail = '\n}';
  let body: string[] = [];
  let held: Array<{ entry: T; alias: string }> = [];
  let length = head.length + tail.length;
  let n = 0;
  for (const entry of entries) {
    const alias = `${prefix}${n++}`;
    const text = field(entry, alias);
    const added = (body.length === 0 ? 0 : 3) + text.length;
    if (body.length > 0 && length + added > maxLength) {
      yield { query: `${head}${body.join('\n  ')}${tail}`, entries: held };
      body = [];
      held = [];
      length = head.length + tail.length;
    }
    length += (body.length === 0 ? 0 : 3) + text.length;
    body.push(text);
    held.push({ entry, alias });
  }
  if (body.length > 0) yield { query: `${head}${body.join('\n  ')}${tail}`, entries: held };
}

/** How many characters a field may have to fit in a query of its own named `name`. */
export function fieldRoom(name: string, maxLength: number = MAX_QUERY_LENGTH): number {
  return maxLength - `query ${name} {\n  `.length - '\n}'.length;
}
