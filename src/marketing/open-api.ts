import { GraphformError } from '../diagnostics/errors.js';
import { HttpTransportError } from '../http/errors.js';
import { redact } from '../http/redact.js';
import { sendWithRetry } from '../http/send.js';
import type { HttpResponse } from '../http/types.js';
import type { MarketingHttp } from './auth-server.js';
import { parseAssetPage } from './asset-page.js';
import { ASSETS_ERROR_CODES, assetsHttpCode } from './codes.js';
import { serviceMessage } from './service-message.js';
import type { TokenSession } from './session.js';
import { marketingTransportError, openApiEndpoint } from './transport.js';
import type { Asset, AssetQuery } from './types.js';

export const ASSETS_PATH = '/v3/assets';
/** Under the Open API's versioned root (see openApiEndpoint). */
const ASSETS = '/assets';
/** The Open API's own limits on page_size (docs/service-facts.md "Open API"). */
export const PAGE_SIZE = { min: 1, max: 100, default: 100 } as const;

/** The Open API (docs/service-facts.md "Open API"): bearer calls, refreshed before expiry and once on 401. */
export interface OpenApiClient {
  /**
   * Every asset that passes `query` (sent as the API's own filters, so only those are
   * read), following pagination.next until it is null.
   */
  listAssets(options?: { pageSize?: number; query?: AssetQuery; onPage?: (read: number, total: number | undefined) => void }): Promise<Asset[]>;
}

export interface OpenApiOptions {
  baseUrl: string;
  session: TokenSession;
  /** Secrets to redact besides the session's tokens (the client secret). */
  secrets?: readonly string[];
  http?: MarketingHttp;
}

export function createOpenApiClient(options: OpenApiOptions): OpenApiClient {
  const origin = new URL(options.baseUrl).origin;
  const secrets = (): string[] => [...(options.secrets ?? []), ...options.session.secrets()];

  // One GET: the bearer token is read at every attempt, so a long Retry-After wait that
  // outlives the access token still sends a fresh one; a 401 refreshes once and retries.
  const get = async (url: string, what: string): Promise<HttpResponse> => {
    const send = async (): Promise<{ response: HttpResponse; token: string }> => {
      let token = '';
      try {
        const response = await sendWithRetry(
          async () => {
            token = await options.session.accessToken();
            return { method: 'GET', url, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } };
          },
          { ...options.http, secrets: secrets() },
        );
        return { response, token };
      } catch (error) {
        if (error instanceof HttpTransportError) throw marketingTransportError(error, 'assets', what);
        throw error;
      }
    };
    const first = await send();
    let response = first.response;
    if (response.status === 401) {
      await options.session.renew(first.token);
      response = (await send()).response;
    }
    if (response.status >= 200 && response.status < 300) return response;
    throw openApiError(response, what, url, secrets());
  };

  return {
    async listAssets(list = {}) {
      const pageSize = list.pageSize ?? PAGE_SIZE.default;
      if (!Number.isInteger(pageSize) || pageSize < PAGE_SIZE.min || pageSize > PAGE_SIZE.max) {
        throw new GraphformError(ASSETS_ERROR_CODES.badResponse, `page_size must be an integer from ${PAGE_SIZE.min} to ${PAGE_SIZE.max}, not ${pageSize}.`);
      }
      const assets: Asset[] = [];
      const seen = new Set<string>();
      let url: string | null = `${openApiEndpoint(options.baseUrl, ASSETS)}?${queryString(pageSize, list.query)}`;
      for (let page = 1; url !== null; page++) {
        seen.add(url);
        const what = `GET ${ASSETS_PATH} (page ${page})`;
        const parsed = parseAssetPage((await get(url, what)).text, what);
        assets.push(...parsed.assets);
        list.onPage?.(assets.length, parsed.totalCount);
        url = parsed.next === null ? null : nextUrl(parsed.next, origin, seen, what);
      }
      return assets;
    },
  };
}

/** page_size first, then the filters as the published `listAssets` names them (`type` repeated). */
function queryString(pageSize: number, query: AssetQuery = {}): string {
  const params = new URLSearchParams({ page_size: String(pageSize) });
  for (const type of query.types ?? []) params.append('type', type);
  if (query.folderId !== undefined) params.append('folder_id', query.folderId);
  if (query.archived !== undefined) params.append('is_archived', String(query.archived));
  return params.toString();
}

/** pagination.next, checked: the bearer token goes only to the Open API's own origin, and no page twice. */
function nextUrl(next: string, origin: string, seen: ReadonlySet<string>, what: string): string {
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    throw badPagination(`${what}: pagination.next is not a URL`);
  }
  if (url.origin !== origin)
    throw badPagination(`${what}: pagination.next points at ${url.origin}, not the Open API at ${origin}; graphform does not send the access token elsewhere`);
  if (seen.has(url.href)) throw badPagination(`${what}: pagination.next repeats a page already read, so the listing would never end`);
  return url.href;
}

function badPagination(message: string): GraphformError {
  return new GraphformError(ASSETS_ERROR_CODES.badPagination, redact(message), {
    hint: 'Check marketing.baseUrl; the Open API should page through /v3/assets on its own origin.',
  });
}

function openApiError(response: HttpResponse, what: string, url: string, secrets: readonly string[]): GraphformError {
  const said = serviceMessage(response.text, secrets).message;
  const status = response.status;
  const tries = response.attempts > 1 ? ` (after ${response.attempts} attempts)` : '';
  const hint =
    status === 401
      ? 'The access token was refused even after a refresh: run `graphform auth login` again.'
      : status === 403
        ? 'The logged-in user or the app may not read assets: check the app registration and its organization.'
        : status === 429
          ? 'The Open API allows 10 requests per second and 200,000 a month per organization: try again later.'
          : status >= 500
            ? 'The Open API failed: try again later.'
            : undefined;
  return new GraphformError(assetsHttpCode(status), `The Open API answered ${status} to ${what}${tries}${said === '' ? '' : `: ${said}`}`, {
    details: { status, url: redact(url, secrets), attempts: response.attempts },
    ...(hint === undefined ? {} : { hint }),
  });
}
