import { GraphformError } from '../diagnostics/errors.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { STATE_FORMAT_VERSION, type State } from './types.js';
import { isRecord } from '../model/is-record.js';
import { jsonErrorOffset } from '../load/json-error-offset.js';

/** The state as stored: 2-space JSON and a final newline, sources in id order. */
export function serializeState(state: State): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}

/**
 * Reads stored state, refusing what it does not understand rather than guessing: a state
 * written by a newer graphform must not be rewritten by an older one.
 */
export function parseState(text: string, where: string): State {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The parser's message quotes the text, and state.path may name any file (a process's
    // environment, say): say where the JSON breaks, never what is there.
    throw formatError(where, `is not valid JSON${positionOf(text, error)}`);
  }
  if (!isRecord(value)) throw formatError(where, 'is not a JSON object');
  if (value.formatVersion !== STATE_FORMAT_VERSION) {
    throw new GraphformError(
      'GF_STATE_FORMAT',
      `State at ${where} has formatVersion ${JSON.stringify(value.formatVersion ?? null)}; ` +
        `this ${TOOL_NAME} (${TOOL_VERSION}) reads only formatVersion ${STATE_FORMAT_VERSION}.`,
      {
        details: { where, formatVersion: JSON.stringify(value.formatVersion ?? null) },
        hint: 'If a newer graphform wrote it, upgrade graphform; do not edit the state by hand.',
      },
    );
  }
  if (typeof value.lineage !== 'string' || value.lineage === '') throw formatError(where, 'has no lineage');
  if (typeof value.serial !== 'number' || !Number.isInteger(value.serial) || value.serial < 0) {
    throw formatError(where, 'has no valid serial (a whole number, 0 or more)');
  }
  if (!isRecord(value.sources)) throw formatError(where, 'has no sources object');
  for (const [id, entry] of Object.entries(value.sources)) {
    const problem = entryProblem(entry);
    if (problem !== undefined) throw formatError(where, `has an invalid entry for source ${id}: ${problem}`);
  }
  return value as unknown as State;
}

/** What is wrong with one source's entry, or undefined; the journal checks its entries with it too. */
export function entryProblem(entry: unknown): string | undefined {
  if (!isRecord(entry)) return 'not an object';
  for (const key of ['hash', 'appliedAt', 'toolVersion'] as const) {
    if (typeof entry[key] !== 'string') return `${key} is not a string`;
  }
  const definition = entry.definition;
  if (!isRecord(definition)) return 'definition is not an object';
  if (definition.label !== undefined && definition.label !== null && typeof definition.label !== 'string') return 'definition.label is not a string';
  if (!Array.isArray(definition.languages) || !definition.languages.every((l) => typeof l === 'string')) {
    return 'definition.languages is not a list of strings';
  }
  if (!isRecord(definition.contentTypes)) return 'definition.contentTypes is not an object';
  if (definition.propertyTypes !== undefined && !isRecord(definition.propertyTypes)) return 'definition.propertyTypes is not an object';
  return pendingProblem(entry.pending) ?? ledgerProblem(entry.data);
}

function ledgerProblem(data: unknown): string | undefined {
  if (data === undefined) return undefined;
  if (!isRecord(data) || data.format !== 1 || typeof data.items !== 'number' || typeof data.rows !== 'string' || typeof data.entries !== 'string')
    return 'data needs format 1, an items count, and rows and entries strings';
  return undefined;
}

function pendingProblem(pending: unknown): string | undefined {
  if (pending === undefined) return undefined;
  if (!isRecord(pending) || !isRecord(pending.repush)) return 'pending is not an object with a repush entry';
  if (typeof pending.repush.since !== 'string' || typeof pending.repush.reason !== 'string') return 'pending.repush needs since and reason strings';
  const keep = pending.keep;
  if (keep === undefined) return undefined;
  if (!isRecord(keep) || typeof keep.snapshot !== 'string' || typeof keep.hash !== 'string' || typeof keep.items !== 'number')
    return 'pending.keep needs snapshot and hash strings and an items count';
  const remote = keep.remote;
  if (remote === undefined) return undefined;
  if (!isRecord(remote) || typeof remote.name !== 'string' || !isCount(remote.parts) || remote.parts < 1 || !isCount(remote.bytes))
    return 'pending.keep.remote needs a name and counts of parts and bytes';
  return undefined;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * " (line L, column C)" of where the JSON breaks: found by scanning the text, since V8 names
 * no position for a text cut short or an unexpected token; its "position N" when the scan
 * finds nothing wrong.
 */
function positionOf(text: string, error: unknown): string {
  const match = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  const offset = jsonErrorOffset(text) ?? (match === null ? undefined : Math.min(Number(match[1]), text.length));
  if (offset === undefined) return '';
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return ` (line ${line}, column ${offset - before.lastIndexOf('\n')})`;
}

export function formatError(where: string, problem: string): GraphformError {
  return new GraphformError('GF_STATE_FORMAT', `State at ${where} ${problem}.`, {
    details: { where },
    hint: "Restore it from a backup or your state server's history; graphform will not overwrite state it cannot read.",
  });
}
