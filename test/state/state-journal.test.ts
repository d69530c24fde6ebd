import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalBackend } from '../../src/state/local-backend.js';
import { emptyState, stateEntry, withoutSource, withSource } from '../../src/state/state.js';
import { journalLine, replayJournal, serializeJournalLine } from '../../src/state/state-journal.js';
import type { State } from '../../src/state/types.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { shop } from '../plan/builders.js';

const LINEAGE = '6f1c2a8e-3b7d-4e2f-9a10-5c4d3e2b1a00';
const entry = (label: string) => stateEntry({ ...shop(), label }, '2026-11-22T10:00:00.000Z', 'test');

async function backendIn(dir: string) {
  return createLocalBackend({ path: path.join(dir, 'state.json'), lockTimeoutMs: 0, now: () => new Date(), who: 't', pid: 1, host: 'h' });
}

describe('the state journal', () => {
  it('appends only what changed after the first write, and reads back the same state', async () => {
    const dir = await makeTempDir();
    const backend = await backendIn(dir);
    let state: State = withSource(emptyState(LINEAGE), 'aaa', entry('A'));
    await backend.write(state);
    const fileAfterFirst = await readFile(path.join(dir, 'state.json'), 'utf8');
    for (const id of ['bbb', 'ccc', 'ddd']) {
      state = withSource(state, id, entry(id));
      await backend.write(state);
    }
    state = withoutSource(state, 'bbb');
    await backend.write(state);
    // The file was written once; four lines went to the journal, each with one source or one removal.
    expect(await readFile(path.join(dir, 'state.json'), 'utf8')).toBe(fileAfterFirst);
    const journal = (await readFile(path.join(dir, 'state.json.journal'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { serial: number; set: object; remove: string[] });
    expect(journal.map((l) => [l.serial, Object.keys(l.set), l.remove])).toEqual([
      [2, ['bbb'], []],
      [3, ['ccc'], []],
      [4, ['ddd'], []],
      [5, [], ['bbb']],
    ]);
    expect(await (await backendIn(dir)).read()).toEqual(state);

    await backend.flush?.();
    await expect(readFile(path.join(dir, 'state.json.journal'), 'utf8')).rejects.toThrow();
    expect(JSON.parse(await readFile(path.join(dir, 'state.json'), 'utf8'))).toEqual(state);
  });

  it('ignores a last line a crash cut short, and skips lines the file already holds', () => {
    const base = withSource(emptyState(LINEAGE), 'aaa', entry('A'));
    const next = withSource(base, 'bbb', entry('B'));
    const line = serializeJournalLine(journalLine(base, next));
    expect(replayJournal(base, `${line}{"lineage":"${LINEAGE}","ser`, 's')).toEqual(next);
    expect(replayJournal(next, line, 's')).toEqual(next);
  });

  it.each([
    [
      'a finished last line that is corrupt (its newline was written: the write was acknowledged)',
      (line: string) => `${line}{"lineage":"${LINEAGE}","ser\n`,
      /unreadable journal line 2/,
    ],
    ['a corrupt line before a torn last one', (line: string) => `${line}{oops\n{"lineage":"${LINEAGE}","ser`, /unreadable journal line 2/],
    ['another lineage', (line: string) => line.replace(LINEAGE, '00000000-0000-4000-8000-000000000000'), /another lineage/],
    ['a gap in serials', (line: string) => line.replace('"serial":2', '"serial":7'), /gap in its journal/],
    ['an unreadable line in the middle', (line: string) => `{oops\n${line}`, /unreadable journal line 1/],
    ['a bad entry', (line: string) => line.replace('"hash"', '"hash_"'), /invalid entry for source bbb/],
  ])('refuses %s instead of guessing', (_name, corrupt, message) => {
    const base = withSource(emptyState(LINEAGE), 'aaa', entry('A'));
    const line = serializeJournalLine(journalLine(base, withSource(base, 'bbb', entry('B'))));
    expect(() => replayJournal(base, corrupt(line), 'state.json')).toThrow(message);
  });

  it('a new session folds a journal a crash left into the file before writing', async () => {
    const dir = await makeTempDir();
    const base = withSource(emptyState(LINEAGE), 'aaa', entry('A'));
    const crashed = withSource(base, 'bbb', entry('B'));
    await writeFile(path.join(dir, 'state.json'), JSON.stringify(base));
    await appendFile(path.join(dir, 'state.json.journal'), serializeJournalLine(journalLine(base, crashed)));
    const backend = await backendIn(dir);
    const read = await backend.read();
    expect(read).toEqual(crashed);
    const next = withSource(read as State, 'ccc', entry('C'));
    await backend.write(next);
    await expect(readFile(path.join(dir, 'state.json.journal'), 'utf8')).rejects.toThrow();
    expect(JSON.parse(await readFile(path.join(dir, 'state.json'), 'utf8'))).toEqual(next);
  });
});
