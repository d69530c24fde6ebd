import type { IncomingMessage } from 'node:http';
import { appOrganization } from '../auth/apps.js';
import { bearerToken } from '../auth/bearer.js';
import { tokenHash } from '../auth/grants.js';
import { DEMO_ORGANIZATION } from '../auth/identity.js';
import type { AuthState } from '../auth/state.js';
import { requestOrigin } from '../server/origin.js';
import { json, type Reply } from '../server/respond.js';
import { withoutBody, type EmulatedService } from '../server/route-table.js';
import type { EmulatorAsset } from '../types.js';
import { assetQuery, selectAssets, unsupportedParameters } from './asset-query.js';
import { ASSETS_PATH, OPEN_API_PREFIX } from './paths.js';
import { pageQuery, pageUrl, type FieldError } from './page-query.js';
import type { RateLimiter } from './rate-limit.js';

/** The Open API's published error shape: {message, errors?}, `errors` an object (here: field → what is wrong). */
export function openApiError(status: number, message: string, errors?: FieldError[], headers: Record<string, string> = {}): Reply {
  if (errors === undefined) return { status, json: { message }, note: message, headers };
  const byField: Record<string, string> = {};
  for (const { field, message: said } of errors) byField[field] = field in byField ? `${byField[field]}; ${said}` : said;
  return { status, json: { message, errors: byField }, note: message, headers };
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
    const message =
      bearer.why === 'missing' ? 'Send the access token as Authorization: Bearer <ACCESS_TOKEN>' : 'The access token is unknown, expired or revoked';
    return openApiError(401, message, undefined, { 'www-authenticate': 'Bearer' });
  }
  const organization = appOrganization(bearer.app);
  if (organization !== DEMO_ORGANIZATION.id && !deps.assets.some((a) => a.owner_organization_id === organization)) {
    return openApiError(403, `The token's organization ${organization} is not known to this Open API`);
  }
  const visible = deps.assets.filter((a) => a.owner_organization_id === organization);
  const wait = deps.limiter?.take(tokenHash(bearer.token));
  if (wait !== undefined) {
    return openApiError(429, `Rate limit exceeded: at most ${deps.limiter?.perSecond ?? 0} requests per second per token`, undefined, {
      'retry-after': String(wait),
    });
  }
  const unsupported = unsupportedParameters(url);
  // The published example of a 400: "Unsupported arguments: a,b,c".
  if (unsupported.length > 0) return openApiError(400, `Unsupported arguments: ${unsupported.map((e) => e.field).join(',')}`, unsupported);
  const query = pageQuery(url);
  const filters = assetQuery(url);
  if (Array.isArray(query) || Array.isArray(filters))
    return openApiError(400, 'Invalid query parameters', [...(Array.isArray(query) ? query : []), ...(Array.isArray(filters) ? filters : [])]);

  const selected = selectAssets(visible, filters);
  const origin = requestOrigin(req);
  const page = selected
    .slice(query.offset, query.offset + query.pageSize)
    .map((asset) => ({ ...asset, links: asset.links ?? { self: `${origin}${ASSETS_PATH}/${asset.id}` } }));
  const end = query.offset + query.pageSize;
  const pagination = {
    next: end < selected.length ? pageUrl(origin, url, query, end) : null,
    previous: query.offset > 0 ? pageUrl(origin, url, query, Math.max(0, query.offset - query.pageSize)) : null,
  };
  return json(200, { data: page, pagination, total_count: selected.length }, `${page.length} of ${selected.length} assets from offset ${query.offset}`);
}

/** The marketing platform's Open API under /v3/: GET /v3/assets, the one path the contract shows, in the published shape. */
export function openApiService(deps: OpenApiDeps): EmulatedService {
  return {
    prefix: OPEN_API_PREFIX,
    maxBodyBytes: 64 * 1024,
    error: (status, message) => openApiError(status, message),
    routes: new Map([[ASSETS_PATH, new Map([['GET', withoutBody((req, url) => listAssets(deps, req, url))]])]]),
  };
}
