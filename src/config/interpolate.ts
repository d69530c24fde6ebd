import { GraphformError } from '../diagnostics/errors.js';

const PATTERN = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Substitutes `${env:NAME}` in one config string. `where` names the key (and position when
 * known) so the error tells the user exactly which line needs which variable.
 */
export function interpolate(value: string, env: Readonly<Record<string, string | undefined>>, where: string): string {
  return value.replace(PATTERN, (_match, name: string) => {
    const found = env[name];
    if (found === undefined || found === '') {
      throw new GraphformError('GF_CONFIG_ENV_MISSING', `${where} needs the environment variable ${name}, which is not set.`, {
        details: { variable: name, where },
        hint: `Set ${name} in the environment (for example in your CI secrets), or change the value in the config.`,
      });
    }
    return found;
  });
}
