import { basicPair } from '../http/secret-forms.js';
import { rememberSecrets } from '../http/secret-list.js';
import { isRecord } from '../model/is-record.js';
import { interpolateIfSet } from './interpolate.js';
import type { EnvironmentConfig, MarketingConfig, ResolvedConfig } from './types.js';

/**
 * The secrets of one resolved environment, as the clients send them: the graph auth secret
 * and its Basic `appKey:secret` pair, the singleKey, the state server's password and its
 * Basic `username:password` pair. secret-forms.ts adds every encoding of each.
 */
export function environmentSecrets(env: EnvironmentConfig): string[] {
  const found: string[] = [];
  if (env.auth !== undefined) found.push(env.auth.secret, basicPair(env.auth.appKey, env.auth.secret));
  if (env.singleKey !== undefined) found.push(env.singleKey);
  if (env.state.backend === 'http' && env.state.password !== undefined) {
    found.push(env.state.password, basicPair(env.state.username ?? '', env.state.password));
  }
  return found;
}

/** The marketing client's secret and its Basic `clientId:clientSecret` pair. */
export function marketingSecrets(marketing: Pick<MarketingConfig, 'clientId' | 'clientSecret'>): string[] {
  return [marketing.clientSecret, basicPair(marketing.clientId, marketing.clientSecret)];
}

/**
 * Puts every secret of the config that the command can resolve on the process's one list
 * (http/secret-list.ts), before any client is built: the environment's, and the marketing
 * block's when it has one, so a graph or state server that echoes another client's secret
 * is redacted too.
 */
export function rememberConfiguredSecrets(config: Pick<ResolvedConfig, 'marketingConfigured' | 'resolveMarketing'>, env: EnvironmentConfig): void {
  rememberSecrets(environmentSecrets(env));
  if (!config.marketingConfigured) return;
  try {
    rememberSecrets(marketingSecrets(config.resolveMarketing()));
  } catch {
    // A marketing variable that is not set is reported by the command that uses marketing;
    // a secret that is not set cannot leak.
  }
}

/**
 * Every secret the config file holds, in every environment and the marketing block, with
 * its variables substituted where they are set, whichever environment the command uses:
 * the graph auth secret, singleKey, the state password and the marketing client secret,
 * each with its Basic pair. A command that uses `local` may still run with the production
 * secrets in its environment (the pull request workflow runs validate, codegen --check and
 * plan with them, and posts what they print), and whatever it prints must not show them.
 * A value whose variable is not set is left out: it cannot leak.
 */
export function configSecrets(config: unknown, variables: Readonly<Record<string, string | undefined>>): string[] {
  const found: string[] = [];
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? interpolateIfSet(value, variables) : undefined);
  /** A secret, and its Basic pair with `user` (absent: '', as environmentSecrets pairs a state password). */
  const withPair = (user: unknown, value: unknown): void => {
    const secret = text(value);
    if (secret === undefined) return;
    const name = user === undefined ? '' : text(user);
    found.push(secret, ...(name === undefined ? [] : [basicPair(name, secret)]));
  };
  const root = isRecord(config) ? config : {};
  for (const environment of Object.values(isRecord(root.environments) ? root.environments : {})) {
    if (!isRecord(environment)) continue;
    if (isRecord(environment.auth)) withPair(environment.auth.appKey, environment.auth.secret);
    const singleKey = text(environment.singleKey);
    if (singleKey !== undefined) found.push(singleKey);
    if (isRecord(environment.state)) withPair(environment.state.username, environment.state.password);
  }
  if (isRecord(root.marketing)) withPair(root.marketing.clientId, root.marketing.clientSecret);
  return found;
}
