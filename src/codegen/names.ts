import { compareText } from '../model/canonical.js';

/**
 * A GraphQL name as json-schema-to-typescript writes a type name (its toSafeString): first
 * letter upper case, `_x` inside a name becomes `X`, a letter after digits upper case. The
 * result is left alone when given to it again, so passing it as the schema's title fixes
 * the name in every file that refers to the type. `Product` stays `Product`; `blog_post`
 * becomes `BlogPost`.
 */
export function typeScriptName(graphqlName: string): string {
  const named = graphqlName
    .replace(/^_[a-z]/, (m) => m.toUpperCase())
    .replace(/_[a-z]/g, (m) => m.slice(1).toUpperCase())
    .replace(/\d+[a-z]/g, (m) => m.toUpperCase());
  return `${named.charAt(0).toUpperCase()}${named.slice(1)}`;
}

/**
 * The TypeScript name of every content type and property type of a source, by GraphQL
 * name; two names that come out alike (`blog_post`, `BlogPost`) are told apart by a number,
 * given in name order so the result never depends on declaration order.
 */
export function typeScriptNames(graphqlNames: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const name of [...graphqlNames].sort(compareText)) {
    const base = typeScriptName(name);
    let candidate = base;
    for (let n = 2; used.has(candidate); n += 1) candidate = `${base}${n}`;
    used.add(candidate);
    names.set(name, candidate);
  }
  return names;
}

/**
 * The name of the union of a source's concrete content types: `ShopItem` for source
 * `shop`, or `ShopContentItem`, `ShopItem2`… when the source declares a type of that name.
 */
export function unionName(sourceId: string, taken: ReadonlySet<string>): string {
  // An id may start with a digit, which no identifier may.
  const stem = /^\d/.test(sourceId) ? `Source${typeScriptName(sourceId)}` : typeScriptName(sourceId);
  const candidates = [`${stem}Item`, `${stem}ContentItem`];
  const free = candidates.find((name) => !taken.has(name));
  if (free !== undefined) return free;
  let n = 2;
  while (taken.has(`${stem}Item${n}`)) n += 1;
  return `${stem}Item${n}`;
}
