/** Public shapes of the marketing platform side of the emulator: apps, tokens, assets. */

export type AppMode = 'production' | 'development';

/**
 * The grants an app may use at the token endpoint. The contract names the authorization
 * code (with its refresh tokens); the published Open API also lists client credentials
 * (`components.securitySchemes.OAuth2`), for a server that acts for the app, not a user.
 */
export type AppGrant = 'authorization_code' | 'client_credentials';

/** An app registered with the marketing platform's authorization server. */
export interface MarketingApp {
  clientId: string;
  /** At least 8 characters. */
  clientSecret: string;
  /** The Authorization Callback URL given at registration; redirect_uri must equal it exactly. */
  redirectUri: string;
  /** Production: access tokens live 1 hour; development: 30 days. Refresh tokens live 365 days in both. */
  mode: AppMode;
  name?: string;
  /** The organization the app is registered for; the demo organization when absent. */
  organizationId?: string;
  /** The grants its registration allows; ['authorization_code'] when absent (the demo app allows both). */
  grants?: AppGrant[];
}

/** An app as the control API lists it: never its secret. */
export interface MarketingAppSummary {
  clientId: string;
  name: string;
  redirectUri: string;
  mode: AppMode;
  organizationId: string;
  grants: AppGrant[];
  demo: boolean;
}

/** Codes and tokens the authorization server would still accept. */
export interface TokenCounts {
  accessTokens: number;
  refreshTokens: number;
  /** Authorization codes not yet exchanged and not expired. */
  codes: number;
}

export type AssetType = 'article' | 'image' | 'video' | 'raw_file' | 'structured_content';

/** `AssetContent` of the published Open API: what `type` is depends on the asset's type. */
export interface AssetContent {
  /** html_body for articles (the HTML), url for images, videos and raw files (a download URL), api_url for structured content. */
  type: 'html_body' | 'url' | 'api_url';
  value: string;
}

/** `ResourceLabelResponse` of the published Open API: a label group with the values the asset carries. */
export interface AssetLabel {
  group: { id: string; name: string };
  values: Array<{ id: string; name: string }>;
}

/** An asset in the published shape of GET /v3/assets (`components.schemas.AssetResponse`). */
export interface EmulatorAsset {
  id: string;
  title: string;
  type: AssetType;
  mime_type: string;
  file_extension: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
  modified_at: string;
  folder_id: string | null;
  /** The folder's path in the library, e.g. `/all assets/important assets`; `/all assets` outside any folder. */
  file_location: string;
  is_archived: boolean;
  content: AssetContent;
  labels: AssetLabel[];
  /** `self` is `<origin>/v3/assets/<id>` (origin from the request's Host) when absent. */
  links?: { self: string };
  owner_organization_id: string;
  thumbnail_url: string | null;
}

/** The marketing platform side: the authorization server's apps, tokens and clock, and the Open API's assets. */
export interface EmulatorMarketing {
  /** The demo app, secret included, as `graphform emulator` prints it. */
  demoApp: MarketingApp;
  apps(): MarketingAppSummary[];
  tokens(): TokenCounts;
  assets(): EmulatorAsset[];
  /** The authorization server's clock in ms: `now` plus every advance. */
  now(): number;
  /** Moves that clock forward (kept in dataDir), so tests can expire codes and tokens. */
  advanceClock(ms: number): Promise<void>;
}
