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

/** A token endpoint answer, checked (service-api.md "Token response"). */
export interface TokenResponse {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  tokenType: string;
}

export type AppMode = 'production' | 'development';

/** What the token store keeps for one app. Times are ISO 8601 UTC. */
export interface StoredTokens {
  issuer: string;
  clientId: string;
  accessToken: string;
  refreshToken: string;
  idToken: string;
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

/** An asset of GET /v3/assets (public-facts.md); fields beyond these are kept as they come. */
export interface Asset {
  id: string;
  title?: string | null;
  type?: string;
  folder_id?: string | null;
  is_archived?: boolean;
  labels?: unknown;
  content?: { type?: string; value?: unknown } | null;
  [field: string]: unknown;
}
