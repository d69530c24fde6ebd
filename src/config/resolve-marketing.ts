import { GraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';
import { assertVariablesSet, interpolate } from './interpolate.js';
import { checkSecretLength } from './secret-length.js';
import type { MarketingConfig } from './types.js';

const KEYS = ['authUrl', 'baseUrl', 'clientId', 'clientSecret', 'redirectUri'] as const;

/** The `marketing:` block with `${env:…}` substituted; resolved only by commands that need it. */
export function resolveMarketing(
  raw: unknown,
  ctx: { env: Readonly<Record<string, string | undefined>>; where: (keyPath: readonly (string | number)[]) => string },
): MarketingConfig {
  if (!isRecord(raw)) {
    throw new GraphformError('GF_CONFIG_MARKETING_MISSING', 'The config has no `marketing:` block.', {
      hint: 'Add marketing: { authUrl, baseUrl, clientId, clientSecret, redirectUri } to the config.',
    });
  }
  assertVariablesSet(raw, ['marketing'], ctx.env, ctx.where);
  const entries = KEYS.map((key) => [key, interpolate(String(raw[key]), ctx.env, ctx.where(['marketing', key]))] as const);
  const marketing = Object.fromEntries(entries) as unknown as MarketingConfig;
  checkSecretLength(marketing.clientSecret, ctx.where(['marketing', 'clientSecret']), 'marketing.clientSecret');
  return marketing;
}
