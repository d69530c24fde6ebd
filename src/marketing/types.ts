/** Shapes of the marketing platform side: the app, tokens as stored, assets as the Open API answers them. */
import type { MarketingConfig } from '../config/types.js';

/** One registered app: the config's `marketing:` block (or the embedded emulator's demo app), and what names it. */
export interface MarketingApp extends MarketingConfig {
  /**
   * Who issues the tokens: the authUrl, or a stable name for the embedded emulator, whose
   * URL changes on every start. With clientId it keys the token store.
   */
  issuer: string;
  /** For output: the authorization server's URL, or "local emulator (…)". */
  description: string;
}

/**
 * A token endpoint answer, checked. Only access_token is required: published clients read
 * nothing else, OpenID Connect lets a refresh leave out id_token, a refresh may keep the
 * refresh token, and the client-credentials grant answers none.
 */
export interface TokenResponse {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  /** Seconds until the access token expires; DEFAULT_EXPIRES_IN_S when the answer does not say. */
  expiresIn: number;
  /** The answer had no expires_in: the app mode cannot be read from it. */
  expiresInAssumed?: true;
  tokenType: string;
}

export type AppMode = 'production' | 'development';

/** What the token store keeps for one app. Times are ISO 8601 UTC. */
export interface StoredTokens {
  issuer: string;
  clientId: string;
  accessToken: string;
  /** Absent when the server issued none: the user logs in again once the access token expires. */
  refreshToken?: string;
  idToken?: string;
  tokenType: string;
  accessExpiresAt: string;
  /** When the refresh token was issued: its lifetime counts from here. */
  refreshIssuedAt: string;
  /** Who logged in, from userinfo; absent when the server said nothing usable. */
  user?: string;
  /** Guessed from the access token's lifetime (1 hour: production, 30 days: development). */
  mode?: AppMode;
  /**
   * sha256 of the GRAPHFORM_REFRESH_TOKEN this pair was rotated from: a later run given
   * the same (now spent) variable continues with this newer pair instead of failing.
   */
  bootstrapHash?: string;
}

/**
 * An asset of GET /v3/assets, in the published shape (`AssetResponse`: labels as
 * `[{group: {id, name}, values: [{id, name}]}]`, `content` as `{type, value}`). Only `id`
 * is relied on; every field is kept as it comes, for the mapping.
 */
export interface Asset {
  id: string;
  title?: string | null;
  type?: string;
  folder_id?: string | null;
  file_location?: string | null;
  is_archived?: boolean;
  labels?: unknown;
  content?: { type?: string; value?: unknown } | null;
  [field: string]: unknown;
}

/** The filters GET /v3/assets serves, sent as its query parameters. */
export interface AssetQuery {
  /** `type`, repeated. */
  types?: readonly string[];
  /** `folder_id`: one folder per listing. */
  folderId?: string;
  /** `is_archived`. */
  archived?: boolean;
}
