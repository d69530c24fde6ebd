import { pathSegments, type Change } from './change.js';

/**
 * A change in plain words ("removing property Product.Color"), for plan reasons and
 * renderers. Derived from the record alone, so a stored plan reads the same later.
 */
export function describeChange(change: Change): string {
  const [, name = '', , propertyName = ''] = pathSegments(change.path);
  const property = `${name}.${propertyName}`;
  switch (change.kind) {
    case 'source.added':
      return 'adding the source';
    case 'source.removed':
      return 'removing the source';
    case 'source.labelChanged':
      return `changing the label from ${quote(change.before)} to ${quote(change.after)}`;
    case 'source.descriptionChanged':
      return change.after === '' ? 'removing the description' : change.before === '' ? 'adding a description' : 'changing the description';
    case 'source.languageAdded':
      return `adding language ${String(change.after)}`;
    case 'source.languageRemoved':
      return `removing language ${String(change.before)}`;
    case 'propertyType.added':
      return `adding property type ${name}`;
    case 'propertyType.removed':
      return `removing property type ${name}`;
    case 'propertyType.changed':
      return `changing property type ${name}`;
    case 'contentType.added':
      return `adding content type ${name}`;
    case 'contentType.removed':
      return `removing content type ${name}`;
    case 'contentType.baseChanged':
      return `changing the base types of ${name} from ${list(change.before)} to ${list(change.after)}`;
    case 'contentType.abstractChanged':
      return change.after === true ? `making ${name} abstract` : `making ${name} no longer abstract`;
    case 'property.added':
      return `adding property ${property}`;
    case 'property.removed':
      return `removing property ${property}`;
    case 'property.typeChanged':
      return `changing the type of ${property} from ${String(change.before)} to ${String(change.after)}`;
    case 'property.searchableChanged':
      return change.after === true ? `making ${property} searchable` : `making ${property} no longer searchable`;
    case 'link.added':
      return `adding link ${name}`;
    case 'link.removed':
      return `removing link ${name}`;
    case 'link.changed':
      return `changing link ${name}`;
    case 'source.presetChanged':
      return `changing the preset from ${quote(change.before)} to ${quote(change.after)}`;
    case 'source.typedFieldNamesChanged':
      return `changing useTypedFieldNames from ${quote(change.before)} to ${quote(change.after)}`;
    case 'contentType.baseFieldChanged':
      return `changing the base field of ${name} from ${quote(change.before)} to ${quote(change.after)}`;
    case 'contentType.displayNameChanged':
      return `changing the display name of ${name}`;
    case 'contentType.descriptionChanged':
      return `changing the description of ${name}`;
    case 'contentType.sortOrderChanged':
      return `changing the sort order of ${name}`;
    case 'property.indexChanged':
      return `changing index of ${property} from ${quote(change.before)} to ${quote(change.after)}`;
    case 'property.skipChanged':
      return change.after === true
        ? `making ${property} stored only (skip), which renames its field in data lines`
        : `making ${property} indexed again (no skip), which renames its field in data lines`;
    case 'property.helpTextChanged':
      return `changing the help text of ${property}`;
    case 'property.refChanged':
      return `changing the ref of ${property}`;
    case 'source.unknownFieldChanged':
    case 'contentType.unknownFieldChanged':
    case 'property.unknownFieldChanged':
      return `changing ${unknownField(change.path)}, a field graphform does not know`;
    default: {
      const unreachable: never = change.kind;
      return String(unreachable);
    }
  }
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}

/** `unit of Product.Quantity`, `slot of the source`: from `…unknownFields.<field>` paths. */
function unknownField(path: string): string {
  const segments = pathSegments(path);
  const at = segments.indexOf('unknownFields');
  const owner = segments
    .slice(0, Math.max(at, 0))
    .filter((_, index) => index % 2 === 1)
    .join('.');
  return `${segments.slice(at + 1).join('.')} of ${owner === '' ? 'the source' : owner}`;
}

function quote(value: unknown): string {
  return JSON.stringify(value);
}

function list(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? `[${value.map(String).join(', ')}]` : '[] (none)';
}
