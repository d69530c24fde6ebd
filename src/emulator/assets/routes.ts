import type { IncomingMessage } from 'node:http';
import { appOrganization } from '../auth/apps.js';
import { bearerToken } from '../auth/bearer.js';
import { tokenHash } from '../auth/grants.js';
import { DEMO_ORGANIZATION } from '../auth/identity.js';
import type { AuthState } from '../auth/state.js';
import { requestOrigin } from '../origin.js';
import { json, type Reply } from '../respond.js';
import { withoutBody, type EmulatedService } from '../route-table.js';
import type { EmulatorAsset } from '../types.js';
import { pageQuery, pageUrl, type FieldError } from './page-query.js';
import type { RateLimiter } from './rate-limit.js';

export const OPEN_API_PREFIX = '/v3/';
export const ASSETS_PATH = '/v3/assets';

/** The Open API's error shape: {message, errors?}. */
export function openApiError(status: number, message: string, errors?: FieldError[], headers: Record<string, string> = {}): Reply {
  return { status, json: errors === undefined ? { message } : { message, errors }, note: message, headers };
}

export interface OpenApiDeps {
  auth: AuthState;
  assets: readonly EmulatorAsset[];
  /** Undefined when the rate limit is off. */
  limiter: RateLimiter | undefined;
}

function listAssets(deps: OpenApiDeps, req: IncomingMessage, url: URL): Reply {
  const bearer = bearerToken(req, deps.auth);
  if (!bearer.ok) {
    const message = bearer.why === 'missing' ? 'Send the access token as Authorization: Bearer <ACCESS_TOKEN>' : 'The access token is unknown, expired or revoked';
    return openApiError(401, message, undefined, { 'www-authenticate': 'Bearer' });
  }
  const organization = appOrganization(bearer.app);
  if (organization !== DEMO_ORGANIZATION.id && !deps.assets.some((a) => a.owner_organization_id === organization)) {
    return openApiError(403, `The token's organization ${organization} is not known to this Open API`);
  }
  const visible = deps.assets.filter((a) => a.owner_organization_id === organization);
  const wait = deps.limiter?.take(tokenHash(bearer.token));
  if (wait !== undefined) {
    return openApiError(429, `Rate limit exceeded: at most ${deps.limiter?.perSecond ?? 0} requests per second per token`, undefined, { 'retry-after': String(wait) });
  }
  const query = pageQuery(url);
  if (Array.isArray(query)) return openApiError(400, 'Invalid query parameters', query);

  const origin = requestOrigin(req);
  const page = visible.slice(query.offset, query.offset + query.pageSize).map((asset) => ({ ...asset, links: asset.links ?? { self: `${origin}${ASSETS_PATH}/${asset.id}` } }));
  const end = query.offset + query.pageSize;
  const pagination = {
    next: end < visible.length ? pageUrl(origin, url, query, end) : null,
    previous: query.offset > 0 ? pageUrl(origin, url, query, Math.max(0, query.offset - query.pageSize)) : null,
  };
  return json(200, { data: page, pagination, total_count: visible.length }, `${page.length} of ${visible.length} assets from offset ${query.offset}`);
}

/** The marketing platform's Open API under /v3/: GET /v3/assets, the one path the contract shows. */
export function openApiService(deps: OpenApiDeps): EmulatedService {
  return {
    prefix: OPEN_API_PREFIX,
    maxBodyBytes: 64 * 1024,
    error: (status, message) => openApiError(status, message),
    routes: new Map([[ASSETS_PATH, new Map([['GET', withoutBody((req, url) => listAssets(deps, req, url))]])]]),
  };
}
