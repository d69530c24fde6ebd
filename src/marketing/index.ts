/** The marketing platform side: OAuth login, the token store, the Open API and asset import. */
export { ASSETS_ERROR_CODES, AUTH_ERROR_CODES } from './codes.js';
export { AUTH_PATHS, createAuthServer, type AuthServer, type MarketingHttp } from './auth-server.js';
export { authorizationUrl, DEFAULT_LOGIN_TIMEOUT_MS, login, SCOPES, type LoginOptions } from './login.js';
export { isLoopback, parseLoopbackRedirect, type LoopbackRedirect } from './loopback.js';
export { openSession, REFRESH_MARGIN_MS, type SessionOptions, type TokenSession } from './session.js';
export { credentialsPath } from './store-path.js';
export { openTokenStore, type TokenStore } from './token-store.js';
export { ASSETS_PATH, createOpenApiClient, PAGE_SIZE, type OpenApiClient, type OpenApiOptions } from './open-api.js';
export { assetMatches, assetQueries, assetRecord, importLanguage, labelMatches, valueAt } from './asset-items.js';
export { clientCredentialsSession } from './client-session.js';
export { DEFAULT_EXPIRES_IN_S } from './token-response.js';
export type { AppMode, Asset, AssetQuery, MarketingApp, StoredTokens, TokenResponse } from './types.js';
