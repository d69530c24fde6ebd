import path from 'node:path';
import { GraphformError } from '../../src/diagnostics/errors.js';
import { openTokenStore, type TokenStore } from '../../src/marketing/token-store.js';
import type { MarketingApp } from '../../src/marketing/types.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import type { FakePlatform } from './fake-platform.js';

/** The app of a fake platform, with a loopback redirect on `port`. */
export function appFor(platform: Pick<FakePlatform, 'url' | 'clientId' | 'clientSecret'>, port = 8765): MarketingApp {
  return {
    issuer: platform.url,
    authUrl: platform.url,
    baseUrl: platform.url,
    clientId: platform.clientId,
    clientSecret: platform.clientSecret,
    redirectUri: `http://127.0.0.1:${port}/callback`,
    grant: 'authorization_code',
    description: platform.url,
  };
}

/** A token store in a fresh temporary folder. */
export async function tempStore(): Promise<TokenStore> {
  return openTokenStore(path.join(await makeTempDir(), 'graphform', 'credentials.json'));
}

export async function failure(work: () => Promise<unknown>): Promise<GraphformError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof GraphformError) return error;
    throw error;
  }
  throw new Error('expected a GraphformError');
}

/** Everything an error shows a user, to check no secret is in it. */
export function shown(error: GraphformError): string {
  return [error.message, error.hint ?? '', JSON.stringify(error.details)].join('\n');
}
