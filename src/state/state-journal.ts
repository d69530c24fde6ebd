import { isRecord } from '../model/is-record.js';
import { recordFrom } from '../model/own.js';
import { entryProblem, formatError } from './state-format.js';
import type { State, StateSourceEntry } from './types.js';

/**
 * One write of an apply, as a line appended to `<state>.journal`: the entries that changed
 * and the ids that went, with the serial the write gave the state. A write then costs what
 * its source costs, not what the whole state costs; the state file and the journal together
 * are the state, and the journal is folded into the file at the end of an apply.
 */
export interface JournalLine {
  lineage: string;
  serial: number;
  set: Record<string, StateSourceEntry>;
  remove: string[];
}

/** The line that takes `before` to `after`, found by entry identity (withSource keeps unchanged entries as they are). */
export function journalLine(before: State, after: State): JournalLine {
  const set: [string, StateSourceEntry][] = [];
  for (const [id, entry] of Object.entries(after.sources)) {
    if (!Object.hasOwn(before.sources, id) || before.sources[id] !== entry) set.push([id, entry]);
  }
  const remove = Object.keys(before.sources).filter((id) => !Object.hasOwn(after.sources, id));
  return { lineage: after.lineage, serial: after.serial, set: recordFrom(set), remove };
}

export function serializeJournalLine(line: JournalLine): string {
  return `${JSON.stringify(line)}\n`;
}

/**
 * The state file's state with the journal's lines applied in order. Lines at or below the
 * file's serial are already in it (the file was rewritten after they were appended); a
 * last line cut short by a crash was never acknowledged and is ignored; anything else that
 * does not fit (another lineage, a gap, a bad entry) is refused, never guessed at.
 */
export function replayJournal(base: State, text: string, where: string): State {
  const lines = text.split('\n');
  let state = base;
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    // Each write appends a line and its newline: only a line without its newline can be cut short.
    const unterminated = index === lines.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (unterminated) break;
      throw formatError(where, `has an unreadable journal line ${index + 1}`);
    }
    const line = checkLine(value, where, index + 1);
    if (line.lineage !== state.lineage) throw formatError(where, `has a journal line ${index + 1} of another lineage`);
    if (line.serial <= state.serial) continue;
    if (line.serial !== state.serial + 1)
      throw formatError(where, `has a gap in its journal before line ${index + 1} (serial ${state.serial} then ${line.serial})`);
    state = applyLine(state, line);
  }
  return state;
}

function applyLine(state: State, line: JournalLine): State {
  const sources = { ...state.sources, ...line.set };
  for (const id of line.remove) delete sources[id];
  const ids = Object.keys(sources).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { ...state, serial: line.serial, sources: recordFrom(ids.map((id) => [id, sources[id] as StateSourceEntry] as const)) };
}

function checkLine(value: unknown, where: string, number: number): JournalLine {
  if (!isRecord(value) || typeof value.lineage !== 'string' || typeof value.serial !== 'number' || !isRecord(value.set) || !Array.isArray(value.remove)) {
    throw formatError(where, `has a journal line ${number} that is not {lineage, serial, set, remove}`);
  }
  for (const [id, entry] of Object.entries(value.set)) {
    const problem = entryProblem(entry);
    if (problem !== undefined) throw formatError(where, `has an invalid entry for source ${id} in journal line ${number}: ${problem}`);
  }
  if (!value.remove.every((id) => typeof id === 'string')) throw formatError(where, `has a journal line ${number} whose remove is not a list of ids`);
  return value as unknown as JournalLine;
}
