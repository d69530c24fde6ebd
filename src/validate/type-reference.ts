/** A property's `type` read as the service reads it: a name, or a list `[Name]` of one. */
export type TypeReference = { ok: true; name: string; list: boolean } | { ok: false; reason: string };

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

export function parseTypeReference(text: string): TypeReference {
  // Nearly every type is a plain name or `[Name]`: answered before the checks that explain the rest.
  if (NAME.test(text)) return { ok: true, name: text, list: false };
  if (text.startsWith('[') && text.endsWith(']') && NAME.test(text.slice(1, -1))) return { ok: true, name: text.slice(1, -1), list: true };
  if (text.trim() === '') return { ok: false, reason: 'is empty' };
  const list = text.startsWith('[') || text.endsWith(']');
  const name = list ? text.replace(/^\[/, '').replace(/\]$/, '') : text;
  if (list && !(text.startsWith('[') && text.endsWith(']'))) {
    return { ok: false, reason: 'has unbalanced brackets; write a list as `[Name]`' };
  }
  if (name.startsWith('[') || name.endsWith(']')) return { ok: false, reason: 'is a list of lists, which the service does not support' };
  if (name !== name.trim()) return { ok: false, reason: `has spaces; write \`${list ? `[${name.trim()}]` : name.trim()}\`` };
  if (!NAME.test(name)) return { ok: false, reason: `is not a type name: \`${name}\`` };
  return { ok: true, name, list };
}

/** Names a type reference uses, e.g. `[Dimensions]` → Dimensions; undefined when malformed. */
export function referencedName(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const reference = parseTypeReference(text);
  return reference.ok ? reference.name : undefined;
}
