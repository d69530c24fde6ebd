import { GraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';
import { ASSETS_ERROR_CODES } from './codes.js';
import type { Asset } from './types.js';

export interface AssetPage {
  assets: Asset[];
  next: string | null;
  totalCount: number | undefined;
}

/** One page of GET /v3/assets: `{data: [...], pagination: {next, previous}, total_count}`. */
export function parseAssetPage(text: string, what: string): AssetPage {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw bad(`${what}: the answer is not JSON`);
  }
  if (!isRecord(body) || !Array.isArray(body.data)) throw bad(`${what}: the answer has no data list`);
  const assets = body.data.map((entry: unknown, index): Asset => {
    if (!isRecord(entry)) throw bad(`${what}: asset ${index + 1} is not an object`);
    const id = entry.id;
    // Ids are strings in the Open API; a number is taken as its decimal text.
    if (typeof id === 'string' && id !== '') return { ...entry, id };
    if (typeof id === 'number' && Number.isFinite(id)) return { ...entry, id: String(id) };
    throw bad(`${what}: asset ${index + 1} has no id`);
  });
  const pagination = isRecord(body.pagination) ? body.pagination : {};
  const next = typeof pagination.next === 'string' && pagination.next !== '' ? pagination.next : null;
  const totalCount = typeof body.total_count === 'number' ? body.total_count : undefined;
  return { assets, next, totalCount };
}

function bad(message: string): GraphformError {
  return new GraphformError(ASSETS_ERROR_CODES.badResponse, message, {
    hint: 'Check marketing.baseUrl: it should be the Open API, which answers /v3/assets with {data, pagination}.',
  });
}
