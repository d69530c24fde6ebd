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

/** The variables one config string reads, in order: `${env:A}/${env:B}` gives A and B. */
export function envReferences(value: string): string[] {
  return Array.from(value.matchAll(PATTERN), (match) => match[1] as string);
}

/**
 * One config string with its variables substituted, or undefined when one of them is not
 * set: for reading the secrets of environments a command does not use, where a variable
 * that is not set is no error, and a secret that is not set cannot leak.
 */
export function interpolateIfSet(value: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (envReferences(value).some((name) => env[name] === undefined || env[name] === '')) return undefined;
  return value.replace(PATTERN, (_match, name: string) => env[name] ?? '');
}

/**
 * Every `${env:NAME}` under `value` whose variable is not set, reported at once, so a user
 * setting up a pipeline learns all the variables it needs in one run, not one per run.
 * Throws GF_CONFIG_ENV_MISSING naming each key (and position) with its variable.
 */
export function assertVariablesSet(
  value: unknown,
  keyPath: readonly (string | number)[],
  env: Readonly<Record<string, string | undefined>>,
  where: (keyPath: readonly (string | number)[]) => string,
): void {
  const missing: { where: string; variable: string }[] = [];
  const visit = (node: unknown, at: readonly (string | number)[]): void => {
    if (typeof node === 'string') {
      for (const match of node.matchAll(PATTERN)) {
        const name = match[1] as string;
        if (env[name] === undefined || env[name] === '') missing.push({ where: where(at), variable: name });
      }
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...at, index]));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) visit(child, [...at, key]);
    }
  };
  visit(value, keyPath);
  if (missing.length === 0) return;
  const variables = [...new Set(missing.map((m) => m.variable))];
  throw new GraphformError(
    'GF_CONFIG_ENV_MISSING',
    missing.length === 1
      ? `${missing[0]?.where ?? ''} needs the environment variable ${missing[0]?.variable ?? ''}, which is not set.`
      : `The config needs ${variables.length === 1 ? 'an environment variable' : `${variables.length} environment variables`} ` +
          `that ${variables.length === 1 ? 'is' : 'are'} not set:\n  ${missing.map((m) => `${m.where}: ${m.variable}`).join('\n  ')}`,
    {
      details: { variables, where: missing.map((m) => m.where) },
      hint: `Set ${variables.join(', ')} in the environment (for example in your CI secrets), or change the values in the config.`,
    },
  );
}
