import { basicPair } from '../http/secret-forms.js';
import { rememberSecrets } from '../http/secret-list.js';
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
