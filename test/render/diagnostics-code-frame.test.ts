import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/render/diagnostics-code-frame.js';

/** The frame as two lines, source over caret, the way diagnostics-text prints it. */
function shown(text: string, line: number, column: number): string[] {
  const frame = codeFrame(text, line, column);
  return frame === undefined ? [] : [frame.source, `${frame.caretPad}${frame.caret}`];
}

describe('codeFrame on long lines', () => {
  it('shows a short line whole', () => {
    expect(shown('id: shop\nlabel: x\n', 2, 8)).toEqual(['label: x', '       ^']);
  });

  it('shows a window of at most 100 characters around the column of a long line, cut with "…"', () => {
    const line = `${'a'.repeat(5000)} bad ${'z'.repeat(5000)}`;
    const [source, caret] = shown(`first\n${line}\n`, 2, 5002);
    expect(source).toBe(`…${'a'.repeat(39)} bad ${'z'.repeat(56)}…`);
    expect(caret).toBe(`${' '.repeat(41)}^^^`);
    expect(source?.length).toBeLessThanOrEqual(102);
  });

  it('keeps the start of a long line when the column is near it, and the end when the column is near that', () => {
    const line = `label: ${'x'.repeat(3000)}`;
    expect(shown(line, 1, 1)).toEqual([`label: ${'x'.repeat(93)}…`, '^^^^^']);
    const [source, caret] = shown(`${line} end`, 1, line.length + 2);
    expect(source).toBe(`…${'x'.repeat(96)} end`);
    expect(caret).toBe(`${' '.repeat(98)}^^^`);
  });

  it('caps the caret at the window for a token longer than it', () => {
    const [source, caret] = shown(`label: ${'y'.repeat(10_000)}`, 1, 8);
    expect(source?.length).toBe(101);
    expect(caret).toBe(`${' '.repeat(7)}${'^'.repeat(93)}`);
  });
});
