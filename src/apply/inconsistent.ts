import { createTwoFilesPatch } from 'diff/lib/patch/create.js';
import { GraphformError, isGraphformError } from '../diagnostics/errors.js';
import type { PlanRequestKind } from '../plan/types.js';

/**
 * The service answered a write with success, but reading it back shows something else
 * (Terraform's "Provider produced inconsistent result after apply"). Stable: scripts and
 * the apply summary recognise it.
 */
export const APPLY_INCONSISTENT = 'GF_APPLY_INCONSISTENT';

const SENT: Readonly<Record<PlanRequestKind, string>> = {
  'types.put': 'PUT types',
  'types.post': 'POST types',
  'sources.post': 'POST sources',
  'sources.delete': 'DELETE sources',
};

export interface Inconsistency {
  id: string;
  kind: PlanRequestKind;
  /** The endpoint read back, e.g. `GET types`. */
  read: string;
  /** The compared part of what was sent and of what was read back, as readable JSON; undefined: the service says the source does not exist. */
  sentText: string;
  readText: string | undefined;
  /** How long a read that still showed the old definition was waited for, in ms (0: it showed something else at once). */
  waitedMs: number;
}

/** GF_APPLY_INCONSISTENT, with the difference as a unified diff (- sent, + read back). */
export function inconsistentResultError(found: Inconsistency): GraphformError {
  const sent = SENT[found.kind];
  const patch = createTwoFilesPatch(`${found.id} (${sent} body)`, `${found.id} (${found.read})`, found.sentText, found.readText ?? '', undefined, undefined, {
    context: 3,
    headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
  });
  const absent = found.readText === undefined ? `; ${found.read} says the source does not exist` : '';
  const waited = found.waitedMs > 0 ? ` (it still showed the definition from before the request after ${seconds(found.waitedMs)})` : '';
  return new GraphformError(
    APPLY_INCONSISTENT,
    `The graph service accepted ${sent} for source ${found.id}, but ${found.read} answers something else${absent}${waited}:\n${patch.trimEnd()}`,
    {
      details: { id: found.id, request: found.kind, read: found.read, sent: found.sentText, readBack: found.readText ?? null, waitedMs: found.waitedMs },
      hint:
        'State records what the service holds now; ' +
        '`graphform plan` shows what remains to do. If the same difference comes back, the service stores this definition differently from how it was sent.',
    },
  );
}

/**
 * A read back that failed (after the client's own retries): the write was accepted, but what
 * the service made of it is not known, so state does not record it. Keeps the read's code.
 */
export function unreadableWriteError(error: unknown, id: string, kind: PlanRequestKind, read: string): unknown {
  if (!isGraphformError(error)) return error;
  const next = 'State does not record this write: the next plan reads the source again and shows what remains.';
  return new GraphformError(error.code, `The graph service accepted ${SENT[kind]} for source ${id}, but reading it back (${read}) failed: ${error.message}`, {
    details: error.details,
    hint: error.hint === undefined ? next : `${error.hint}\n${next}`,
    cause: error,
  });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}
