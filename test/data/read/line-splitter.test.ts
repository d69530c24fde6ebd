import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../src/data/read/line-splitter.js';

function split(chunks: readonly string[], max = 1_000): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const splitter = new LineSplitter(
    max,
    (line, n) => out.push([n, line.toString('utf8')]),
    (n) => out.push([n, '<too long>']),
  );
  for (const c of chunks) splitter.push(Buffer.from(c, 'utf8'));
  splitter.end();
  return out;
}

describe('LineSplitter', () => {
  it.each([
    {
      chunks: ['a\nb\n'],
      expected: [
        [1, 'a'],
        [2, 'b'],
      ],
    },
    {
      chunks: ['a\nb'],
      expected: [
        [1, 'a'],
        [2, 'b'],
      ],
    },
    {
      chunks: ['a', 'b', '\n', 'c'],
      expected: [
        [1, 'ab'],
        [2, 'c'],
      ],
    },
    {
      chunks: ['\n\n'],
      expected: [
        [1, ''],
        [2, ''],
      ],
    },
    { chunks: ['x\r\n'], expected: [[1, 'x\r']] },
    { chunks: [], expected: [] },
    {
      chunks: ['é\nå'],
      expected: [
        [1, 'é'],
        [2, 'å'],
      ],
    },
  ])('$chunks', ({ chunks, expected }) => {
    expect(split(chunks)).toEqual(expected);
  });

  it('gives the same lines whatever the chunk boundaries, multi-byte characters included', () => {
    const text = '{"a":"é"}\n{"b":"日本"}\n\n{"c":1}';
    const whole = split([text]);
    const bytes = Buffer.from(text, 'utf8');
    const out: Array<[number, string]> = [];
    const splitter = new LineSplitter(
      1_000,
      (line, n) => out.push([n, line.toString('utf8')]),
      () => undefined,
    );
    for (const byte of bytes) splitter.push(Buffer.from([byte]));
    splitter.end();
    expect(out).toEqual(whole);
  });

  it('reports a line over the limit once and goes on with the next', () => {
    expect(split(['ok\n', 'x'.repeat(6), 'x'.repeat(6), '\nnext\n'], 10)).toEqual([
      [1, 'ok'],
      [2, '<too long>'],
      [3, 'next'],
    ]);
  });
});
