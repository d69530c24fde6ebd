import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from '../../src/load/json-error-offset.js';
import { parseState, serializeState } from '../../src/state/state-format.js';
import { emptyState, stateEntry, withSource } from '../../src/state/state.js';
import { sampleDefinition } from '../helpers/emulator.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { thrownBy } from '../helpers/graphform-error.js';

const STATE = serializeState(
  withSource(emptyState('00000000-0000-4000-8000-000000000000'), 'shop', stateEntry(sampleDefinition(), '2026-11-22T10:00:00.000Z', 'test')),
);

/** Line and column (1-based) of an offset, as the message gives them. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  return `line ${before.split('\n').length}, column ${offset - before.lastIndexOf('\n')}`;
}

describe('jsonErrorOffset', () => {
  it.each([
    ['{"a": [', 7],
    ['{"a": x}', 6],
    ['{"a": 1,}', 8],
    ['[1 2]', 3],
    ['{"a" 1}', 5],
    ['{"a": "b\u0001"}', 8],
    ['{"a": "\\q"}', 8],
    ['{"a": 01}', 7],
    ['', 0],
    ['{} x', 3],
    ['{"a": "unterminated', 19],
  ])('%j breaks at %i', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it('agrees with JSON.parse on what is JSON, over prefixes and mutations of a real state', () => {
    const random = seededRandom(24);
    const alphabet = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', '1', '-', '.', 'e', 't', 'n', 'u', 'x'];
    for (let n = 0; n < 3_000; n++) {
      let text = STATE.slice(0, Math.floor(random() * (STATE.length + 1)));
      if (n % 2 === 1 && text.length > 0) {
        const at = Math.floor(random() * text.length);
        text = `${text.slice(0, at)}${alphabet[Math.floor(random() * alphabet.length)] ?? ''}${text.slice(at + 1)}`;
      }
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(jsonErrorOffset(text) === undefined, JSON.stringify(text.slice(-40))).toBe(valid);
    }
  });

  it('scans nesting deeper than any stack', () => {
    expect(jsonErrorOffset('['.repeat(200_000))).toBe(200_000);
    expect(jsonErrorOffset(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)).toBeUndefined();
  });
});

describe('a state that is not JSON is named by line and column', () => {
  it('a state cut short after "languages": [ says where it ends', () => {
    const cut = STATE.slice(0, STATE.indexOf('"languages": [') + '"languages": ['.length);
    const error = thrownBy(() => parseState(cut, 'state.json'));
    expect(error.code).toBe('GF_STATE_FORMAT');
    expect(error.message).toBe(`State at state.json is not valid JSON (${lineAndColumn(cut, cut.length)}).`);
    expect(error.message).toMatch(/\(line \d+, column \d+\)/);
  });

  it('an unexpected token, which V8 gives no position for, is named where it stands, and not quoted', () => {
    const broken = STATE.replace('"serial": 1', '"serial": SECRET');
    const error = thrownBy(() => parseState(broken, 'state.json'));
    expect(error.message).toBe(`State at state.json is not valid JSON (${lineAndColumn(broken, broken.indexOf('SECRET'))}).`);
  });
});
