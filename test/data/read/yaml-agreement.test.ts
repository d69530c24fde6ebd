import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { wholeYamlEntries } from '../../../src/data/read/yaml-document.js';
import { YamlListState } from '../../../src/data/read/yaml-list-state.js';
import type { ReadEntry } from '../../../src/data/types.js';
import { generatedCase, NAMED_CASES } from './yaml-corpus.js';

const FIELDS = { idField: 'Id', languageField: 'language_routing' };
const LIMIT = 4 * 1024 * 1024;

function brief(entry: ReadEntry): string {
  return entry.kind === 'record'
    ? `${entry.record.line} ${entry.record.action.id}/${entry.record.action.language}`
    : `${entry.issue.line} ${entry.issue.code} ${entry.issue.message}`;
}

/**
 * Reads `text` item by item, pushed in pieces of 1 to 9 characters. A small file
 * (`wholeAllowed`) that needs more is finished by the whole-file reader, as readYamlList does.
 */
function itemByItem(text: string, wholeAllowed: boolean, seed: number): ReadEntry[] {
  const state = new YamlListState('f.yaml', FIELDS, wholeAllowed, LIMIT);
  const out: ReadEntry[] = [];
  for (let at = 0, size = 1; at < text.length && !state.wantsWhole; at += size, size = 1 + ((seed + at) % 9))
    out.push(...state.push(text.slice(at, at + size)));
  if (!state.wantsWhole) out.push(...state.end());
  if (state.wantsWhole) out.push(...wholeYamlEntries(text, 'f.yaml', FIELDS, state.handedOut));
  return out;
}

/**
 * The item-by-item reader against the file read whole (the reader before it, kept for what
 * cannot be read item by item). A valid file gives the same entries: lines, ids and
 * values. A file with a problem gives the items before the problem, then the problem the
 * whole reading reports (line, code and message); a large one that is not a block list
 * gives GF_DATA_FILE_TOO_LARGE instead.
 */
function expectAgreement(text: string, seed: number): void {
  const whole = wholeYamlEntries(text, 'f.yaml', FIELDS);
  const problem = whole.length === 1 && whole[0]?.kind === 'issue' && /GF_DATA_(INVALID_YAML|NOT_A_LIST)/.test(whole[0].issue.code) ? whole[0] : undefined;
  for (const wholeAllowed of [true, false]) {
    const read = itemByItem(text, wholeAllowed, seed);
    const last = read.at(-1);
    if (!wholeAllowed && last?.kind === 'issue' && last.issue.code === 'GF_DATA_FILE_TOO_LARGE') {
      expect(read).toHaveLength(1);
      continue;
    }
    if (problem === undefined) {
      expect(read.map(brief)).toEqual(whole.map(brief));
      expect(read.map((entry) => (entry.kind === 'record' ? entry.record.item : undefined))).toEqual(
        whole.map((entry) => (entry.kind === 'record' ? entry.record.item : undefined)),
      );
    } else {
      expect(last === undefined ? undefined : brief(last)).toBe(brief(problem));
      expect(read.slice(0, -1).every((entry) => entry.kind === 'record' || entry.issue.code === 'GF_DATA_NOT_AN_OBJECT')).toBe(true);
    }
  }
}

describe('the YAML list read item by item agrees with the file read whole', () => {
  it.each(NAMED_CASES)('%s', (_name, text) => {
    expectAgreement(text, 3);
  });

  it('on generated files', () => {
    for (let seed = 1; seed <= 400; seed++) expectAgreement(generatedCase(seed), seed);
  });

  it('whose items hold what yaml parses, with their lines', () => {
    for (let seed = 2; seed <= 200; seed += 2) {
      const text = generatedCase(seed);
      const doc = parseDocument(text);
      let values: unknown[];
      try {
        values = doc.toJS() as unknown[];
      } catch {
        continue; // past the alias limit: the cases above check that problem
      }
      const items = itemByItem(text, false, seed).map((entry) => (entry.kind === 'record' ? entry.record.item : entry.issue.code));
      expect(items).toEqual(values.map((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : 'GF_DATA_NOT_AN_OBJECT')));
    }
  });
});
