import { describe, expect, it } from 'vitest';
import { BodyLines } from '../../../src/emulator/server/body-lines.js';

type Seen = [number, string];

/** Feeds the chunks and gives back what was read: [lineNo, text] for a line, [lineNo, 'TOO LONG'] for one over the limit. */
function read(chunks: readonly string[], maxLineBytes = 100): Seen[] {
  const seen: Seen[] = [];
  const lines = new BodyLines(
    maxLineBytes,
    (line, n) => seen.push([n, line.toString('utf8')]),
    (n) => seen.push([n, 'TOO LONG']),
  );
  for (const chunk of chunks) lines.push(Buffer.from(chunk, 'utf8'));
  lines.end();
  return seen;
}

describe("the emulator's NDJSON body reader", () => {
  it.each<[string, string[], Seen[]]>([
    ['one line with its newline', ['{"a":1}\n'], [[1, '{"a":1}']]],
    [
      'a last line without newline',
      ['{"a":1}\n{"b":2}'],
      [
        [1, '{"a":1}'],
        [2, '{"b":2}'],
      ],
    ],
    [
      '\\r\\n endings, the \\r left out',
      ['a\r\nb\r\n'],
      [
        [1, 'a'],
        [2, 'b'],
      ],
    ],
    [
      'a \\r\\n split between chunks',
      ['a\r', '\nb'],
      [
        [1, 'a'],
        [2, 'b'],
      ],
    ],
    ['a line spread over many chunks', ['{"a', '":', '1}', '\n'], [[1, '{"a":1}']]],
    [
      'many lines in one chunk',
      ['a\nb\nc\n'],
      [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ],
    ],
    [
      'empty lines, numbered',
      ['a\n\nb\n'],
      [
        [1, 'a'],
        [2, ''],
        [3, 'b'],
      ],
    ],
    ['an empty body', [], []],
    ['a body of one newline', ['\n'], [[1, '']]],
    ['a \\r inside a line kept', ['a\rb\n'], [[1, 'a\rb']]],
  ])('%s', (_name, chunks, expected) => {
    expect(read(chunks)).toEqual(expected);
  });

  it('splits a multi-byte character across chunks without harm (lines are bytes until whole)', () => {
    const bytes = Buffer.from('{"t":"å"}\n', 'utf8');
    const seen: string[] = [];
    const lines = new BodyLines(
      100,
      (line) => seen.push(line.toString('utf8')),
      () => seen.push('TOO LONG'),
    );
    lines.push(bytes.subarray(0, 7));
    lines.push(bytes.subarray(7));
    lines.end();
    expect(seen).toEqual(['{"t":"å"}']);
  });

  it.each<[string, string[], Seen[]]>([
    ['a line of exactly the limit', ['12345\n'], [[1, '12345']]],
    ['a line of exactly the limit ended by \\r\\n', ['12345\r\n'], [[1, '12345']]],
    ['a line of exactly the limit, its \\r\\n in the next chunk', ['12345', '\r\n'], [[1, '12345']]],
    [
      'a line one byte over the limit',
      ['123456\nab\n'],
      [
        [1, 'TOO LONG'],
        [2, 'ab'],
      ],
    ],
    [
      'a line one byte over the limit ending in \\r',
      ['123456\r\nab'],
      [
        [1, 'TOO LONG'],
        [2, 'ab'],
      ],
    ],
    [
      'a last line over the limit, no newline',
      ['ab\n1234567'],
      [
        [1, 'ab'],
        [2, 'TOO LONG'],
      ],
    ],
    [
      'a long line over many chunks, reported once',
      ['123', '456', '789', '012\nok\n'],
      [
        [1, 'TOO LONG'],
        [2, 'ok'],
      ],
    ],
  ])('limit 5 bytes, %s', (_name, chunks, expected) => {
    expect(read(chunks, 5)).toEqual(expected);
  });

  it('reports a body without newlines as soon as it passes the limit, and only once, however much more arrives', () => {
    const seen: Seen[] = [];
    const lines = new BodyLines(
      1024,
      (line, n) => seen.push([n, line.toString('utf8')]),
      (n) => seen.push([n, 'TOO LONG']),
    );
    const chunk = Buffer.alloc(4096, 0x61);
    for (let i = 0; i < 1000; i++) lines.push(chunk);
    expect(seen, 'reported at once, while the body is still arriving').toEqual([[1, 'TOO LONG']]);
    lines.end();
    expect(seen).toEqual([[1, 'TOO LONG']]);
  });
});
