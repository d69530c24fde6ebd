import { AsyncLocalStorage } from 'node:async_hooks';
import { secretForms } from './secret-forms.js';

/**
 * The secrets one run knows: the config's (graph auth secret, singleKey, state server
 * password and credentials, marketing client secret), the tokens in use, and any the
 * caller adds. Each client adds what it is built with, and redact() removes every entry in
 * every encoding (secret-forms.ts), so a state server that echoes the graph secret, or a
 * graph error that echoes the singleKey, is redacted as well as the owner's own echo: a
 * renderer or an error path far from the client that owns a secret must still hide it.
 */
export interface SecretList {
  /** Adds secrets; empty and undefined ones are ignored. */
  add(secrets: readonly (string | undefined)[]): void;
  /** Adds a source of secrets read at each redaction, such as a session's current tokens. */
  addSource(source: () => readonly string[]): void;
  /** Every secret the list holds now, as given (not in its other encodings). */
  values(): string[];
}

export function createSecretList(initial: readonly (string | undefined)[] = []): SecretList {
  const values = new Set<string>();
  const sources = new Set<() => readonly string[]>();
  const list: SecretList = {
    add: (secrets) => {
      for (const secret of secrets) if (secret !== undefined && secret !== '') values.add(secret);
    },
    addSource: (source) => void sources.add(source),
    values: () => [...values, ...[...sources].flatMap((source) => source())],
  };
  list.add(initial);
  return list;
}

/**
 * The command line's list: one process, one run. A library workflow runs with its own list
 * instead (runWithSecrets), the one its WorkflowHost carries, so two runs in one
 * process, one after the other or at once, each redact their own secrets and learn none of
 * the other's.
 */
const processList = createSecretList();
const runList = new AsyncLocalStorage<SecretList>();

/** Runs `work` with `list` as the secrets that remember and redact use, in everything it awaits. */
export function runWithSecrets<T>(list: SecretList, work: () => Promise<T>): Promise<T> {
  return runList.run(list, work);
}

/** The list of the run in progress: its own inside runWithSecrets, else the process's. */
export function currentSecrets(): SecretList {
  return runList.getStore() ?? processList;
}

/** Adds secrets to the current run's list; empty and undefined ones are ignored. */
export function rememberSecrets(secrets: readonly (string | undefined)[]): void {
  currentSecrets().add(secrets);
}

/** Adds a source of secrets read at each redaction, such as a session's current tokens. */
export function rememberSecretSource(source: () => readonly string[]): void {
  currentSecrets().addSource(source);
}

/** Each list's secrets in every encoding, worked out once: kept with the list, not beyond it. */
const formsOf = new WeakMap<SecretList, Map<string, readonly string[]>>();

/** Every form of every secret in the current run's list and in `extra`, longest first. */
export function secretsToRemove(extra: readonly string[]): string[] {
  const list = currentSecrets();
  let forms = formsOf.get(list);
  if (forms === undefined) {
    forms = new Map();
    formsOf.set(list, forms);
  }
  const all = new Set<string>();
  for (const secret of [...extra, ...list.values()]) {
    if (secret === '') continue;
    let derived = forms.get(secret);
    if (derived === undefined) {
      derived = secretForms(secret);
      forms.set(secret, derived);
    }
    for (const form of derived) all.add(form);
  }
  return [...all].sort((a, b) => b.length - a.length);
}
