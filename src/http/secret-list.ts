import { secretForms } from './secret-forms.js';

/**
 * The one list of every secret this process holds: the config's (graph auth secret,
 * singleKey, state server password and credentials, marketing client secret) and the
 * tokens in use. Each client adds what it is built with, and redact() removes every entry
 * in every encoding (secret-forms.ts), so a state server that echoes the graph secret, or
 * a graph error that echoes the singleKey, is redacted as well as the owner's own echo.
 * Process-wide on purpose: a renderer or an error path far from the client that owns a
 * secret must still hide it, and a secret is never less secret in another module.
 */
const values = new Set<string>();
/** Secrets that change while the process runs (access and refresh tokens). */
const sources = new Set<() => readonly string[]>();
const forms = new Map<string, readonly string[]>();

/** Adds secrets to the list; empty and undefined ones are ignored. */
export function rememberSecrets(secrets: readonly (string | undefined)[]): void {
  for (const secret of secrets) if (secret !== undefined && secret !== '') values.add(secret);
}

/** Adds a source of secrets read at each redaction, such as a session's current tokens. */
export function rememberSecretSource(source: () => readonly string[]): void {
  sources.add(source);
}

/** Every form of every secret in the list and in `extra`, longest first. */
export function secretsToRemove(extra: readonly string[]): string[] {
  const all = new Set<string>();
  const add = (secret: string): void => {
    if (secret === '') return;
    let derived = forms.get(secret);
    if (derived === undefined) {
      derived = secretForms(secret);
      forms.set(secret, derived);
    }
    for (const form of derived) all.add(form);
  };
  for (const secret of extra) add(secret);
  for (const secret of values) add(secret);
  for (const source of sources) for (const secret of source()) add(secret);
  return [...all].sort((a, b) => b.length - a.length);
}
