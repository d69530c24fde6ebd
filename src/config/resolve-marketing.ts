import { GraphformError } from '../diagnostics/errors.js';
import { graphUrlProblem } from '../graph/base-url.js';
import { redactUrl } from '../http/redact.js';
import { isRecord } from '../model/is-record.js';
import { assertVariablesSet, interpolate } from './interpolate.js';
import { checkSecretLength } from './secret-checks.js';
import { DEFAULT_MARKETING_GRANT, DEFAULT_REDIRECT_URI } from './defaults.js';
import type { MarketingConfig } from './types.js';

const KEYS = ['authUrl', 'baseUrl', 'clientId', 'clientSecret'] as const;

/** The `marketing:` block with `${env:…}` substituted; resolved only by commands that need it. */
export function resolveMarketing(
  raw: unknown,
  ctx: { env: Readonly<Record<string, string | undefined>>; where: (keyPath: readonly (string | number)[], at?: 'key' | 'value') => string },
): MarketingConfig {
  if (!isRecord(raw)) {
    throw new GraphformError('GF_CONFIG_MARKETING_MISSING', 'The config has no `marketing:` block.', {
      hint: 'Add marketing: { authUrl, baseUrl, clientId, clientSecret, redirectUri } (or grant: client_credentials instead of redirectUri) to the config.',
    });
  }
  assertVariablesSet(raw, ['marketing'], ctx.env, ctx.where);
  const entries = KEYS.map((key) => [key, interpolate(String(raw[key]), ctx.env, ctx.where(['marketing', key]))] as const);
  const grant = raw.grant === 'client_credentials' ? 'client_credentials' : DEFAULT_MARKETING_GRANT;
  if (grant === 'authorization_code' && typeof raw.redirectUri !== 'string') {
    throw new GraphformError(
      'GF_CONFIG_INVALID',
      `${ctx.where(['marketing'], 'key')}: \`redirectUri\` is required: \`auth login\` listens there for the browser.`,
      {
        hint: `Add redirectUri: ${DEFAULT_REDIRECT_URI} (the app's Authorization Callback URL), or set grant: client_credentials, which needs no login.`,
      },
    );
  }
  const redirectUri =
    typeof raw.redirectUri === 'string' ? interpolate(raw.redirectUri, ctx.env, ctx.where(['marketing', 'redirectUri'])) : DEFAULT_REDIRECT_URI;
  const marketing = { ...Object.fromEntries(entries), redirectUri, grant } as unknown as MarketingConfig;
  if (typeof raw.revokeUrl === 'string') marketing.revokeUrl = interpolate(raw.revokeUrl, ctx.env, ctx.where(['marketing', 'revokeUrl']));
  checkSecretLength(marketing.clientSecret, ctx.where(['marketing', 'clientSecret']), 'marketing.clientSecret');
  for (const key of ['authUrl', 'baseUrl', 'revokeUrl'] as const) {
    const value = marketing[key];
    // Tokens and the client secret travel to these: the same rules as graphUrl.
    const problem = value === undefined ? undefined : graphUrlProblem(value);
    if (value !== undefined && problem !== undefined) {
      throw new GraphformError(
        'GF_CONFIG_INVALID',
        `${ctx.where(['marketing', key], 'value')}: ` +
          `marketing.${key} ${JSON.stringify(redactUrl(value))} is invalid: ${problem.replace('in auth', 'in clientId and clientSecret')}.`,
        {
          hint: `Set marketing.${key} to the service root, e.g. https://${key === 'baseUrl' ? 'api' : 'accounts'}.example.com.`,
        },
      );
    }
  }
  return marketing;
}
