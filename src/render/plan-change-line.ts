import type { JsonValue } from '../diagnostics/errors.js';
import { isFieldChangeKind, isUnknownFieldChangeKind, pathSegments, type Change } from '../diff/change.js';

export type ChangeSymbol = '+' | '-' | '~';

/** One change as a short line: a symbol and the words after it ("property Product.Color: String"). */
export function changeLine(change: Change): { symbol: ChangeSymbol; text: string } {
  const [, name = '', , propertyName = ''] = pathSegments(change.path);
  const property = `${name}.${propertyName}`;
  const arrow = (from: string, to: string): string => `${from} -> ${to}`;
  const kind = change.kind;
  if (isFieldChangeKind(kind) || isUnknownFieldChangeKind(kind)) return fieldLine(change);
  switch (kind) {
    case 'source.added':
      return { symbol: '+', text: `source ${describeSource(change.after)}` };
    case 'source.removed':
      return { symbol: '-', text: `source ${describeSource(change.before)}` };
    case 'source.labelChanged':
      return { symbol: '~', text: `label: ${arrow(JSON.stringify(change.before), JSON.stringify(change.after))}` };
    case 'source.descriptionChanged':
      return { symbol: '~', text: `description: ${arrow(JSON.stringify(change.before), JSON.stringify(change.after))}` };
    case 'source.languageAdded':
      return { symbol: '+', text: `language ${String(change.after)}` };
    case 'source.languageRemoved':
      return { symbol: '-', text: `language ${String(change.before)}` };
    case 'propertyType.added':
      return { symbol: '+', text: `property type ${name} ${describePropertyType(change.after)}` };
    case 'propertyType.removed':
      return { symbol: '-', text: `property type ${name} ${describePropertyType(change.before)}` };
    case 'propertyType.changed':
      return { symbol: '~', text: `property type ${name}: ${arrow(describePropertyType(change.before), describePropertyType(change.after))}` };
    case 'contentType.added':
      return { symbol: '+', text: `content type ${name}${describeContentType(change.after)}` };
    case 'contentType.removed':
      return { symbol: '-', text: `content type ${name}${describeContentType(change.before)}` };
    case 'contentType.baseChanged':
      return { symbol: '~', text: `${name} base types: ${arrow(list(change.before), list(change.after))}` };
    case 'contentType.abstractChanged':
      return { symbol: '~', text: `${name} abstract: ${arrow(String(change.before), String(change.after))}` };
    case 'property.added':
      return { symbol: '+', text: `property ${property}: ${describeProperty(change.after)}` };
    case 'property.removed':
      return { symbol: '-', text: `property ${property}: ${describeProperty(change.before)}` };
    case 'property.typeChanged':
      return { symbol: '~', text: `${property} type: ${arrow(String(change.before), String(change.after))}` };
    case 'property.searchableChanged':
      return { symbol: '~', text: `${property} searchable: ${arrow(String(change.before), String(change.after))}` };
    case 'link.added':
      return { symbol: '+', text: `link ${name}: ${describeLink(change.after)}` };
    case 'link.removed':
      return { symbol: '-', text: `link ${name}: ${describeLink(change.before)}` };
    case 'link.changed':
      return { symbol: '~', text: `link ${name}: ${arrow(describeLink(change.before), describeLink(change.after))}` };
    default: {
      const unreachable: never = kind;
      return { symbol: '~', text: String(unreachable) };
    }
  }
}

/**
 * A one-field change: `Article displayName: null -> "News article"`, or for a field
 * graphform does not know, `Article colour (not known to graphform): ...`. The owner is the
 * path before the field: nothing for the source, `Type` or `Type.Property`.
 */
function fieldLine(change: Change): { symbol: ChangeSymbol; text: string } {
  const segments = pathSegments(change.path);
  const at = segments.indexOf('unknownFields');
  const fieldName = at >= 0 ? segments.slice(at + 1).join('.') : (segments[segments.length - 1] ?? '');
  const owner = (at >= 0 ? segments.slice(0, at) : segments.slice(0, -1)).filter((_, index) => index % 2 === 1).join('.');
  const label = `${owner === '' ? '' : `${owner} `}${fieldName}${at >= 0 ? ' (a field graphform does not know)' : ''}`;
  const symbol: ChangeSymbol = change.before === null ? '+' : change.after === null ? '-' : '~';
  return { symbol, text: `${label}: ${JSON.stringify(change.before)} -> ${JSON.stringify(change.after)}` };
}

function describeLink(link: JsonValue): string {
  return `{ from: ${String(field(link, 'from') ?? '?')}, to: ${String(field(link, 'to') ?? '?')} }`;
}

function field(value: JsonValue, key: string): JsonValue | undefined {
  // Keys are content type and property names: own members only, never Object.prototype's.
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

function keys(value: JsonValue | undefined): string[] {
  return value !== null && typeof value === 'object' && value !== undefined && !Array.isArray(value) ? Object.keys(value) : [];
}

function describeSource(definition: JsonValue): string {
  const languages = field(definition, 'languages');
  const label = field(definition, 'label');
  const parts = [
    `${typeof label === 'string' && label !== '' ? JSON.stringify(label) : '(no label)'} (${Array.isArray(languages) ? languages.join(', ') : ''})`,
  ];
  const contentTypes = keys(field(definition, 'contentTypes'));
  const propertyTypes = keys(field(definition, 'propertyTypes'));
  parts.push(`content types ${contentTypes.length > 0 ? contentTypes.join(', ') : 'none'}`);
  if (propertyTypes.length > 0) parts.push(`property types ${propertyTypes.join(', ')}`);
  return parts.join('; ');
}

function describeProperty(property: JsonValue): string {
  return `${String(field(property, 'type') ?? '?')}${field(property, 'searchable') === true ? ' (searchable)' : ''}`;
}

function describePropertyType(propertyType: JsonValue): string {
  const properties = field(propertyType, 'properties');
  return `{ ${keys(properties)
    .map((name) => `${name}: ${String(field(field(properties ?? null, name) ?? null, 'type') ?? '?')}`)
    .join(', ')} }`;
}

function describeContentType(contentType: JsonValue): string {
  const bases = field(contentType, 'contentType');
  const notes = [
    ...(field(contentType, 'abstract') === true ? ['abstract'] : []),
    ...(Array.isArray(bases) && bases.length > 0 ? [`derives from ${bases.join(', ')}`] : []),
  ];
  const properties = field(contentType, 'properties');
  const listed = keys(properties).map((name) => `${name}: ${describeProperty(field(properties ?? null, name) ?? null)}`);
  return `${notes.length > 0 ? ` (${notes.join(', ')})` : ''} { ${listed.join(', ')} }`;
}

function list(value: JsonValue): string {
  return Array.isArray(value) ? `[${value.join(', ')}]` : String(value);
}
