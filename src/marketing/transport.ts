import { GraphformError } from '../diagnostics/errors.js';
import type { GraphformErrorCode } from '../diagnostics/error-codes.js';
import type { HttpTransportError } from '../http/errors.js';
import { ASSETS_ERROR_CODES, AUTH_ERROR_CODES } from './codes.js';

export type MarketingService = 'auth' | 'assets';

const NAMES: Record<MarketingService, { who: string; codes: { unreachable: GraphformErrorCode; timeout: GraphformErrorCode }; setting: string }> = {
  auth: { who: 'the authorization server', codes: AUTH_ERROR_CODES, setting: 'marketing.authUrl' },
  assets: { who: 'the Open API', codes: ASSETS_ERROR_CODES, setting: 'marketing.baseUrl' },
};

/** A transport failure of the shared HTTP layer (URL already redacted), in this side's codes. */
export function marketingTransportError(error: HttpTransportError, service: MarketingService, what: string): GraphformError {
  const { who, codes, setting } = NAMES[service];
  const details = { method: error.method, url: error.url, attempts: error.attempts };
  switch (error.kind) {
    case 'timeout':
      return new GraphformError(codes.timeout, `${who} did not answer ${what} in time (${error.attempts} attempts)`, {
        details,
        hint: 'Try again later, or raise http.timeoutMs in the config.',
        cause: error,
      });
    case 'unreachable':
      return new GraphformError(codes.unreachable, `Could not reach ${who} for ${what} (${error.attempts} attempts): ${String(error.details.reason ?? '')}`, {
        details,
        hint: `Check ${setting} in the config and the network, then try again.`,
        cause: error,
      });
    case 'aborted':
      return new GraphformError(codes.unreachable, `${what} was cancelled`, { details, cause: error });
    default: {
      const never: never = error.kind;
      throw new Error(`unknown transport failure ${String(never)}`);
    }
  }
}

/** `base` (which may carry a path prefix) joined with an absolute `path`. */
export function endpoint(base: string, path: string): string {
  const url = new URL(base);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${path}`;
}

/** The Open API's version segment: part of the published server URL, https://api.cmp.optimizely.com/v3. */
const OPEN_API_VERSION = '/v3';

/**
 * An Open API path (`/assets`) under the base URL, which may name the service root
 * (`https://api.example.com`) or the published server URL with its version
 * (`https://api.cmp.optimizely.com/v3`), with or without a trailing slash.
 */
export function openApiEndpoint(base: string, path: string): string {
  const url = new URL(base);
  const prefix = url.pathname.replace(/\/+$/, '');
  const versioned = prefix.endsWith(OPEN_API_VERSION) ? prefix : `${prefix}${OPEN_API_VERSION}`;
  return `${url.origin}${versioned}${path}`;
}
