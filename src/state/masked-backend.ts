import { maskDefinition } from '../graph/secret-values.js';
import { secretMatcher } from '../http/redact.js';
import { hashDefinition } from '../model/hash.js';
import { setOwn } from '../model/own.js';
import type { State, StateBackend } from './types.js';

/**
 * A backend whose reads give every definition value that holds one of graphform's secrets
 * as "[redacted]" (graph/secret-values.ts), as declarations and the service's answers give
 * it: a state an earlier graphform wrote with such a value verbatim compares equal to them,
 * never shows the value in a plan, and loses it at the next write.
 */
export function withSecretsMasked(backend: StateBackend): StateBackend {
  return {
    ...backend,
    read: async () => {
      const state = await backend.read();
      return state === undefined ? undefined : maskState(state, secretMatcher());
    },
  };
}

function maskState(state: State, holds: (text: string) => boolean): State {
  let sources: State['sources'] | undefined;
  for (const [id, entry] of Object.entries(state.sources)) {
    const masked = maskDefinition(entry.definition, holds);
    if (masked.paths.length === 0) continue;
    sources ??= { ...state.sources };
    // The hash is of the definition as recorded: the masked one from now on.
    setOwn(sources, id, { ...entry, definition: masked.definition, hash: hashDefinition(masked.definition) });
  }
  return sources === undefined ? state : { ...state, sources };
}
