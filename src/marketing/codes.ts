/**
 * Stable codes of the marketing platform side (OAuth login, token store, Open API, asset
 * sync). Scripts and the README depend on them: add new ones, never rename.
 */
export const AUTH_ERROR_CODES = {
  /** redirectUri is not an http URL on a loopback address with an explicit port. */
  redirectNotLoopback: 'GF_AUTH_REDIRECT_NOT_LOOPBACK',
  /** The callback port is taken by another program. */
  callbackPortInUse: 'GF_AUTH_CALLBACK_PORT_IN_USE',
  /** No browser came back to the callback within the login timeout. */
  loginTimeout: 'GF_AUTH_LOGIN_TIMEOUT',
  /** The callback's `state` is not the one this login sent: another login, or a forged request. */
  stateMismatch: 'GF_AUTH_STATE_MISMATCH',
  /** The authorization server sent the browser back with `error` instead of a code. */
  denied: 'GF_AUTH_DENIED',
  /** The token endpoint refused the code (used already, expired, or another redirect_uri). */
  codeRejected: 'GF_AUTH_CODE_REJECTED',
  /** The token endpoint refused the client (wrong client id or secret). */
  clientRejected: 'GF_AUTH_CLIENT_REJECTED',
  /** The token endpoint refused the refresh token (used already, expired or revoked). */
  refreshRejected: 'GF_AUTH_REFRESH_REJECTED',
  /** A token response without an access_token, or with a field of the wrong type. */
  badTokenResponse: 'GF_AUTH_BAD_TOKEN_RESPONSE',
  /** The userinfo endpoint refused the new access token. */
  userinfoRejected: 'GF_AUTH_USERINFO_REJECTED',
  /** Any other non-2xx answer of the authorization server: GF_AUTH_HTTP_<status>. */
  httpPrefix: 'GF_AUTH_HTTP_',
  unreachable: 'GF_AUTH_UNREACHABLE',
  timeout: 'GF_AUTH_TIMEOUT',
  /** No stored tokens for this app and no GRAPHFORM_REFRESH_TOKEN. */
  notLoggedIn: 'GF_AUTH_NOT_LOGGED_IN',
  /** The credentials file can be read by other users. */
  storePermissions: 'GF_AUTH_STORE_PERMISSIONS',
  /** The credentials file is not a token store graphform wrote. */
  storeInvalid: 'GF_AUTH_STORE_INVALID',
  /** New tokens could not be saved (the old refresh token may already be spent). */
  storeWriteFailed: 'GF_AUTH_STORE_WRITE_FAILED',
  /** The token endpoint answered unauthorized_client: the app's registration does not allow the grant used. */
  grantNotAllowed: 'GF_AUTH_GRANT_NOT_ALLOWED',
  /** auth login needs a terminal or a browser, and has neither a code nor a way to wait. */
  loginCancelled: 'GF_AUTH_LOGIN_CANCELLED',
} as const;

export const ASSETS_ERROR_CODES = {
  /** The Open API answered a non-2xx status: GF_ASSETS_HTTP_<status>, with its `message`. */
  httpPrefix: 'GF_ASSETS_HTTP_',
  unreachable: 'GF_ASSETS_UNREACHABLE',
  timeout: 'GF_ASSETS_TIMEOUT',
  /** A 2xx answer that is not the documented `{data, pagination}` page. */
  badResponse: 'GF_ASSETS_BAD_RESPONSE',
  /** pagination.next leaves the Open API's origin, or repeats a page already read. */
  badPagination: 'GF_ASSETS_BAD_PAGINATION',
  /** assets sync on a source whose declaration has no `import:` block. */
  noImport: 'GF_ASSETS_NO_IMPORT',
  /** One mapped property's values did not validate: reported once, at its import.mapping entry. */
  mappingInvalid: 'GF_ASSETS_MAPPING_INVALID',
} as const;

export function authHttpCode(status: number): `GF_AUTH_HTTP_${number}` {
  return `${AUTH_ERROR_CODES.httpPrefix}${status}`;
}

export function assetsHttpCode(status: number): `GF_ASSETS_HTTP_${number}` {
  return `${ASSETS_ERROR_CODES.httpPrefix}${status}`;
}
