import { ancestorsOf } from '../data/validate/item-schema.js';
import type { DataRecord } from '../data/types.js';
import { isRecord } from '../model/is-record.js';
import { ownValue, setOwn } from '../model/own.js';
import type { AssetFilter, SourceDeclaration, SourceImport } from '../model/types.js';
import type { Asset, AssetQuery } from './types.js';

/** What every imported item carries besides its mapped properties (a mapping may override them). */
export const IMPORTED_ITEM_DEFAULTS = { Status: 'Published', _rbac: 'r:Everyone:Read' } as const;

/**
 * Whether an asset passes the import's filter; archived assets only when `archived: true`.
 * The type, folder and archived conditions were sent to the Open API already (see
 * assetQueries); they are checked again here so the selection is exact whatever a server
 * makes of them (the published folder_id also includes subfolders, for instance). Labels
 * are matched here only (see labelMatches).
 */
export function assetMatches(asset: Asset, filter: AssetFilter | undefined): boolean {
  const archived = asset.is_archived === true;
  if (archived !== (filter?.archived ?? false)) return false;
  if (filter?.type !== undefined && !filter.type.includes(String(asset.type))) return false;
  if (filter?.folder !== undefined && !(typeof asset.folder_id === 'string' && filter.folder.includes(asset.folder_id))) return false;
  if (filter?.labels !== undefined && !filter.labels.some((wanted) => labelMatches(asset, wanted))) return false;
  return true;
}

/**
 * The Open API requests that select what the filter asks for: its `type` and `folder_id`
 * parameters, one listing per folder (the API takes one folder_id). The published
 * `listAssets` does not list `is_archived`, so it is sent only when the filter names
 * `archived` (a service that ignores it still has its answer checked locally, by
 * assetMatches); without it archived assets are left out here, not by the API.
 * Labels are not sent: the filter names them by name or id, and the API takes only ids
 * and ignores ids it does not know, so only a local match is exact.
 */
export function assetQueries(filter: AssetFilter | undefined): AssetQuery[] {
  const base: AssetQuery = {
    ...(filter?.archived === undefined ? {} : { archived: filter.archived }),
    ...(filter?.type === undefined ? {} : { types: filter.type }),
  };
  if (filter?.folder === undefined) return [base];
  return [...new Set(filter.folder)].map((folderId) => ({ ...base, folderId }));
}

/** The language items are imported in: the import's own, else the source's first. */
export function importLanguage(declaration: SourceDeclaration, spec: SourceImport): string {
  return spec.language ?? declaration.definition.languages[0] ?? '';
}

/**
 * An asset as a data record of the source: `_id` is the asset's id (a second sync updates
 * the same items), ContentType lists the import's type after its bases, and each mapped
 * property takes the value at its asset field path. A field the asset lacks or holds as
 * null leaves the property out. Records are named `asset <id>` in diagnostics, with the
 * asset's position in the listing as the line.
 */
export function assetRecord(asset: Asset, position: number, declaration: SourceDeclaration, spec: SourceImport): DataRecord {
  const language = importLanguage(declaration, spec);
  const item: Record<string, unknown> = {
    ContentType: [...ancestorsOf(declaration.definition, spec.contentType).reverse(), spec.contentType],
    Language: { Name: language },
    ...IMPORTED_ITEM_DEFAULTS,
  };
  for (const [property, fieldPath] of Object.entries(spec.mapping)) {
    const value = valueAt(asset, fieldPath);
    if (value !== undefined && value !== null) setOwn(item, property, value);
  }
  return { file: `asset ${asset.id}`, line: position, action: { kind: 'index', id: asset.id, language }, item };
}

/** The value at a dotted path (`content.value`, `labels.0.values.0.name`), looked up as data: never an inherited member. */
export function valueAt(value: unknown, fieldPath: string): unknown {
  let here: unknown = value;
  for (const segment of fieldPath.split('.')) {
    if (Array.isArray(here)) {
      here = /^\d+$/.test(segment) ? here[Number(segment)] : undefined;
    } else if (isRecord(here)) {
      here = ownValue(here, segment);
    } else {
      return undefined;
    }
  }
  return here;
}

/**
 * Whether the asset carries the label a filter entry names: a label value's name
 * (`Spring 2025`), its id, or `Group: Value` by names (`Campaign: Spring 2025`, spaces
 * around the colon optional). Labels are published as `[{group: {id, name}, values: [{id,
 * name}]}]`; a plain string label (an older shape) matches by its text.
 */
export function labelMatches(asset: Asset, wanted: string): boolean {
  if (!Array.isArray(asset.labels)) return false;
  const colon = wanted.indexOf(':');
  const group = colon < 0 ? undefined : wanted.slice(0, colon).trim();
  const value = colon < 0 ? undefined : wanted.slice(colon + 1).trim();
  return asset.labels.some((label: unknown): boolean => {
    if (typeof label === 'string') return label === wanted;
    if (!isRecord(label) || !Array.isArray(label.values)) return false;
    const groupName = isRecord(label.group) ? label.group.name : undefined;
    return label.values.some((entry: unknown) => {
      if (!isRecord(entry)) return false;
      if (entry.name === wanted || entry.id === wanted) return true;
      return group !== undefined && groupName === group && entry.name === value;
    });
  });
}
