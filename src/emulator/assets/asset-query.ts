import type { AssetType, EmulatorAsset } from '../types.js';
import type { FieldError } from './page-query.js';

/** The filters of GET /v3/assets the emulator serves (the published `listAssets` parameters it knows). */
export interface AssetQuery {
  /** Undefined: every type (the published default). */
  types: ReadonlySet<string> | undefined;
  labels: readonly LabelCondition[];
  folderId: string | undefined;
  archived: boolean | undefined;
}

/** One `label` parameter: the asset carries one of `values` (ids) in the label group `group` (an id). */
export interface LabelCondition {
  group: string;
  values: readonly string[];
}

export const ASSET_TYPES: readonly AssetType[] = ['article', 'image', 'video', 'raw_file', 'structured_content'];

const SERVED = new Set(['page_size', 'offset', 'type', 'label', 'folder_id', 'is_archived']);
/** Published for GET /assets, but not emulated: refused rather than silently ignored. */
const NOT_SERVED = new Set([
  'fields',
  'created_at__from',
  'created_at__to',
  'modified_at__from',
  'modified_at__to',
  'include_subfolder_assets',
  'search_text',
  'campaign_id',
]);

/** Query parameters the emulator does not serve, each with why; empty when there are none. */
export function unsupportedParameters(url: URL): FieldError[] {
  const names = [...new Set(url.searchParams.keys())].filter((name) => !SERVED.has(name));
  return names.map((name) => ({
    field: name.slice(0, 100),
    message: NOT_SERVED.has(name)
      ? `${name} is a published parameter the emulator does not serve`
      : `${name.slice(0, 100)} is not a query parameter of GET /v3/assets`,
  }));
}

function once(url: URL, name: string, problems: FieldError[]): string | undefined {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) problems.push({ field: name, message: `${name} is given more than once` });
  return values[0];
}

/** A `label` value: URL-encoded JSON `{"group": "<id>", "values": ["<id>", …]}`, as the published example writes it. */
function labelCondition(text: string): LabelCondition | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { group, values, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof group !== 'string' || !Array.isArray(values) || !values.every((v) => typeof v === 'string')) return undefined;
  return { group, values: values as string[] };
}

/** The filters of a request, or what is wrong with them. */
export function assetQuery(url: URL): AssetQuery | FieldError[] {
  const problems: FieldError[] = [];
  const typeValues = url.searchParams.getAll('type');
  const unknownType = typeValues.find((t) => !(ASSET_TYPES as readonly string[]).includes(t));
  if (unknownType !== undefined)
    problems.push({ field: 'type', message: `type must be one of ${ASSET_TYPES.join(', ')}, not ${JSON.stringify(unknownType.slice(0, 50))}` });
  const labels: LabelCondition[] = [];
  for (const text of url.searchParams.getAll('label')) {
    const condition = labelCondition(text);
    if (condition === undefined)
      problems.push({ field: 'label', message: 'label must be URL-encoded JSON {"group": "<label group id>", "values": ["<label value id>", …]}' });
    else labels.push(condition);
  }
  const folderId = once(url, 'folder_id', problems);
  if (folderId === '') problems.push({ field: 'folder_id', message: 'folder_id must not be empty' });
  const archived = once(url, 'is_archived', problems);
  if (archived !== undefined && archived !== 'true' && archived !== 'false')
    problems.push({ field: 'is_archived', message: `is_archived must be true or false, not ${JSON.stringify(archived.slice(0, 50))}` });
  if (problems.length > 0) return problems;
  return {
    types: typeValues.length === 0 ? undefined : new Set(typeValues),
    labels,
    folderId,
    archived: archived === undefined ? undefined : archived === 'true',
  };
}

/**
 * The label conditions that name labels the library has. The published API ignores labels
 * that do not exist, and filters by none when none of them does; the values of one
 * condition are alternatives, and every remaining condition must hold (the emulator's
 * reading: the published text does not say how several `label` parameters combine).
 */
function knownConditions(assets: readonly EmulatorAsset[], conditions: readonly LabelCondition[]): LabelCondition[] {
  const known = new Set(assets.flatMap((a) => a.labels.flatMap((l) => l.values.map((v) => `${l.group.id}\n${v.id}`))));
  return conditions.map((c) => ({ group: c.group, values: c.values.filter((v) => known.has(`${c.group}\n${v}`)) })).filter((c) => c.values.length > 0);
}

function carries(asset: EmulatorAsset, condition: LabelCondition): boolean {
  return asset.labels.some((label) => label.group.id === condition.group && label.values.some((v) => condition.values.includes(v.id)));
}

/** The assets that pass the filters, newest `modified_at` first (the published order). */
export function selectAssets(assets: readonly EmulatorAsset[], query: AssetQuery): EmulatorAsset[] {
  const labels = knownConditions(assets, query.labels);
  return assets
    .filter((a) => query.types === undefined || query.types.has(a.type))
    .filter((a) => query.folderId === undefined || a.folder_id === query.folderId)
    .filter((a) => query.archived === undefined || a.is_archived === query.archived)
    .filter((a) => labels.every((condition) => carries(a, condition)))
    .sort((a, b) => Date.parse(b.modified_at) - Date.parse(a.modified_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
