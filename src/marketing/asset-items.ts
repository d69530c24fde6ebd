import { ancestorsOf } from '../data/validate/item-schema.js';
import type { DataRecord } from '../data/types.js';
import { isRecord } from '../model/is-record.js';
import { ownValue, setOwn } from '../model/own.js';
import type { AssetFilter, SourceDeclaration, SourceImport } from '../model/types.js';
import type { Asset } from './types.js';

/** What every imported item carries besides its mapped properties (a mapping may override them). */
export const IMPORTED_ITEM_DEFAULTS = { Status: 'Published', _rbac: 'r:Everyone:Read' } as const;

/** Whether an asset passes the import's filter; archived assets only when `archived: true`. */
export function assetMatches(asset: Asset, filter: AssetFilter | undefined): boolean {
  const archived = asset.is_archived === true;
  if (archived !== (filter?.archived ?? false)) return false;
  if (filter?.type !== undefined && !filter.type.includes(String(asset.type))) return false;
  if (filter?.folder !== undefined && !(typeof asset.folder_id === 'string' && filter.folder.includes(asset.folder_id))) return false;
  if (filter?.labels !== undefined && !labelsOf(asset).some((label) => filter.labels?.includes(label) === true)) return false;
  return true;
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

/** The value at a dotted path (`content.value`, `labels.0`), looked up as data: never an inherited member. */
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

/** An asset's labels as text: the Open API documents `labels` without a shape, so strings and {name} objects both count. */
function labelsOf(asset: Asset): string[] {
  if (!Array.isArray(asset.labels)) return [];
  return asset.labels.flatMap((label: unknown): string[] => {
    if (typeof label === 'string') return [label];
    if (isRecord(label)) {
      const name = label.name ?? label.title ?? label.id;
      return typeof name === 'string' ? [name] : [];
    }
    return [];
  });
}
