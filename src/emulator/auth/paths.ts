/** The authorization server's endpoints (version 1 of the contract). */
export const AUTH_PREFIX = '/o/oauth2/';
export const AUTHORIZE_PATH = '/o/oauth2/v1/auth';
export const TOKEN_PATH = '/o/oauth2/v1/token';
export const USERINFO_PATH = '/o/oauth2/v1/userinfo';
export const REVOKE_PATH = '/o/oauth2/v1/revoke';
