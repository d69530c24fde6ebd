export interface PageQuery {
  pageSize: number;
  offset: number;
}

export interface FieldError {
  field: string;
  message: string;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

function integer(url: URL, name: string, min: number, max: number, fallback: number): number | FieldError {
  const values = url.searchParams.getAll(name);
  if (values.length === 0) return fallback;
  const range = max === Number.MAX_SAFE_INTEGER ? `an integer from ${min}` : `an integer from ${min} to ${max}`;
  if (values.length > 1) return { field: name, message: `${name} is given more than once` };
  const value = values[0] ?? '';
  if (!/^\d{1,15}$/.test(value) || Number(value) < min || Number(value) > max)
    return { field: name, message: `${name} must be ${range}, not ${JSON.stringify(value.slice(0, 50))}` };
  return Number(value);
}

/** page_size (1-100, default 10) and offset (from 0, default 0) of GET /v3/assets. */
export function pageQuery(url: URL): PageQuery | FieldError[] {
  const pageSize = integer(url, 'page_size', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  const offset = integer(url, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  const errors = [pageSize, offset].filter((v): v is FieldError => typeof v !== 'number');
  if (typeof pageSize === 'number' && typeof offset === 'number') return { pageSize, offset };
  return errors;
}

/** The same request for another offset: the other parameters kept, page_size made explicit. */
export function pageUrl(origin: string, url: URL, query: PageQuery, offset: number): string {
  const next = new URL(url.pathname, origin);
  for (const [key, value] of url.searchParams) if (key !== 'offset' && key !== 'page_size') next.searchParams.append(key, value);
  next.searchParams.set('page_size', String(query.pageSize));
  next.searchParams.set('offset', String(offset));
  return next.href;
}
