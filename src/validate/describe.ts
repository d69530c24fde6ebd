import { formatPath } from '../load/format-path.js';
import type { DeclarationPath } from '../load/source-map.js';

/** How a message names the part of a declaration at `path`. */
export function describeSubject(path: DeclarationPath): string {
  const [section, typeName, inner, propertyName, ...rest] = path;
  if (path.length === 0) return 'the declaration';
  if (rest.length === 0 && typeof typeName === 'string') {
    if (section === 'contentTypes' && inner === undefined) return `content type \`${typeName}\``;
    if (section === 'propertyTypes' && inner === undefined) return `property type \`${typeName}\``;
    if (inner === 'properties' && typeof propertyName === 'string') {
      if (section === 'contentTypes') return `property \`${propertyName}\` of content type \`${typeName}\``;
      if (section === 'propertyTypes') return `property \`${propertyName}\` of property type \`${typeName}\``;
    }
  }
  return `\`${formatPath(path)}\``;
}

/** A value as a message shows it: its kind, and short scalars themselves. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing (an empty value)';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string (\`${shorten(value)}\`)`;
  if (typeof value === 'number' || typeof value === 'boolean') return `a ${typeof value} (${String(value)})`;
  if (typeof value === 'object') return 'a map';
  return `a ${typeof value}`;
}

export function shorten(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
