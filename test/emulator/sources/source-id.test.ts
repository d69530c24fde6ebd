import { describe, expect, it } from 'vitest';
import { isCustomSourceId } from '../../../src/emulator/sources/source-id.js';

describe("the emulator's custom source id rule (1 to 4 characters, a-z and 0-9)", () => {
  it.each([
    ['a', true],
    ['z9', true],
    ['shop', true],
    ['0000', true],
    ['', false],
    ['shops', false],
    ['default', false],
    ['Shop', false],
    ['ab-c', false],
    ['a_b', false],
    ['a b', false],
    ['ab\n', false],
    ['é', false],
    ['ａ', false],
    ['١٢', false],
  ])('%j is a custom source id: %s', (id, expected) => {
    expect(isCustomSourceId(id), `the rule read ${JSON.stringify(id)} wrong`).toBe(expected);
  });
});
