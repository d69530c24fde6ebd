import { randomBytes } from 'node:crypto';
import { GraphformError } from '../../diagnostics/errors.js';
import type { AppGrant, EmulatorOptions, MarketingApp, MarketingAppSummary } from '../types.js';
import { DEMO_ORGANIZATION } from './identity.js';

/** graphform's default redirectUri, so `auth login` works against the demo app as configured out of the box. */
export const DEMO_REDIRECT_URI = 'http://127.0.0.1:8765/callback';
export const DEMO_APP_NAME = 'graphform demo app';
/** The demo app allows both published grants, so `auth login` and a pipeline's `grant: client_credentials` both work against it. */
export const DEMO_APP_GRANTS: readonly AppGrant[] = ['authorization_code', 'client_credentials'];
const GRANTS: readonly AppGrant[] = ['authorization_code', 'client_credentials'];

const CLIENT_ID = /^[A-Za-z0-9._~-]{1,200}$/;
const SECRET = /^[\x21-\x7e]{8,500}$/;

function bad(message: string): GraphformError {
  return new GraphformError('GF_EMULATOR_BAD_OPTIONS', message);
}

/** Checks an app given in code (the `apps` or `demoApp` option) or read back from the data directory. */
export function checkApp(app: MarketingApp, what: string): MarketingApp {
  if (typeof app.clientId !== 'string' || !CLIENT_ID.test(app.clientId)) throw bad(`${what}: clientId is 1-200 letters, digits, ".", "_", "~" or "-"`);
  if (typeof app.clientSecret !== 'string' || !SECRET.test(app.clientSecret))
    throw bad(`${what}: clientSecret is 8-500 printable ASCII characters without spaces`);
  if (!isCallbackUrl(app.redirectUri))
    throw bad(`${what}: redirectUri must be an absolute http(s) URL without a fragment, not ${JSON.stringify(app.redirectUri)}`);
  if (app.mode !== 'production' && app.mode !== 'development') throw bad(`${what}: mode is production or development, not ${JSON.stringify(app.mode)}`);
  if (app.name !== undefined && (typeof app.name !== 'string' || app.name.length > 200)) throw bad(`${what}: name is a string of at most 200 characters`);
  if (app.organizationId !== undefined && (typeof app.organizationId !== 'string' || app.organizationId === '' || app.organizationId.length > 200)) {
    throw bad(`${what}: organizationId is a non-empty string of at most 200 characters`);
  }
  const grants: unknown = app.grants;
  if (
    grants !== undefined &&
    (!Array.isArray(grants) ||
      grants.length === 0 ||
      new Set(grants).size !== grants.length ||
      !grants.every((g) => (GRANTS as readonly unknown[]).includes(g)))
  ) {
    throw bad(`${what}: grants lists ${GRANTS.join(' and/or ')}, each once`);
  }
  const checked: MarketingApp = { clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: app.redirectUri, mode: app.mode };
  if (app.name !== undefined) checked.name = app.name;
  if (app.organizationId !== undefined) checked.organizationId = app.organizationId;
  if (app.grants !== undefined) checked.grants = [...app.grants];
  return checked;
}

function isCallbackUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' && !value.includes('#');
  } catch {
    return false;
  }
}

/** The demo app: what was given, over what was kept, over freshly generated credentials. */
export function demoApp(given: EmulatorOptions['demoApp'], kept: MarketingApp | undefined): MarketingApp {
  const app: MarketingApp = {
    clientId: given?.clientId ?? kept?.clientId ?? randomBytes(16).toString('hex'),
    clientSecret: given?.clientSecret ?? kept?.clientSecret ?? randomBytes(32).toString('base64url'),
    redirectUri: given?.redirectUri ?? kept?.redirectUri ?? DEMO_REDIRECT_URI,
    mode: 'development',
    name: DEMO_APP_NAME,
    grants: [...DEMO_APP_GRANTS],
  };
  return checkApp(app, 'demoApp');
}

export function appOrganization(app: MarketingApp): string {
  return app.organizationId ?? DEMO_ORGANIZATION.id;
}

/** The grants an app's registration allows: the authorization code (and its refreshes) unless it says otherwise. */
export function appGrants(app: MarketingApp): AppGrant[] {
  return [...(app.grants ?? ['authorization_code'])];
}

export function allowsGrant(app: MarketingApp, grant: AppGrant): boolean {
  return appGrants(app).includes(grant);
}

export function appSummary(app: MarketingApp, demo: boolean): MarketingAppSummary {
  return {
    clientId: app.clientId,
    name: app.name ?? app.clientId,
    redirectUri: app.redirectUri,
    mode: app.mode,
    organizationId: appOrganization(app),
    grants: appGrants(app),
    demo,
  };
}

/** The registered apps by client id; the demo app is always one of them. */
export class AppRegistry {
  private readonly apps = new Map<string, MarketingApp>();

  constructor(
    readonly demo: MarketingApp,
    others: readonly MarketingApp[],
  ) {
    this.apps.set(demo.clientId, demo);
    for (const app of others) {
      if (app.clientId === demo.clientId) throw bad(`The app ${app.clientId} has the demo app's client id`);
      this.apps.set(app.clientId, app);
    }
  }

  get(clientId: string): MarketingApp | undefined {
    return this.apps.get(clientId);
  }

  /** The apps besides the demo app, as kept in the data directory. */
  others(): MarketingApp[] {
    return [...this.apps.values()].filter((app) => app !== this.demo);
  }

  summaries(): MarketingAppSummary[] {
    return [...this.apps.values()].map((app) => appSummary(app, app === this.demo));
  }
}
