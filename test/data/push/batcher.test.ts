import { describe, expect, it } from 'vitest';
import { Batcher, type Batch } from '../../../src/data/push/batcher.js';
import { isMinifiedJson, serializeRecord } from '../../../src/data/push/serialize.js';

function cut(limits: { maxBytes: number; maxItems: number }, texts: readonly string[]): Batch[] {
  const batcher = new Batcher(limits);
  const batches: Batch[] = [];
  texts.forEach((text, i) => {
    const closed = batcher.add(text, { file: 'f', line: i + 1 });
    if (closed) batches.push(closed);
  });
  const last = batcher.flush();
  if (last) batches.push(last);
  return batches;
}

const shape = (batches: readonly Batch[]): string[] => batches.map((b) => `${b.number}:${b.items}:${b.body.length}:${b.first.line}-${b.last.line}`);

describe('Batcher', () => {
  const ten = 'x'.repeat(9) + '\n';

  it.each([
    ['fills exactly to maxBytes', { maxBytes: 30, maxItems: 100 }, 6, ['1:3:30:1-3', '2:3:30:4-6']],
    ['cuts before overflowing maxBytes', { maxBytes: 29, maxItems: 100 }, 5, ['1:2:20:1-2', '2:2:20:3-4', '3:1:10:5-5']],
    ['cuts at maxItems', { maxBytes: 1000, maxItems: 2 }, 5, ['1:2:20:1-2', '2:2:20:3-4', '3:1:10:5-5']],
    ['one item per batch', { maxBytes: 1000, maxItems: 1 }, 3, ['1:1:10:1-1', '2:1:10:2-2', '3:1:10:3-3']],
    ['an item larger than maxBytes travels alone', { maxBytes: 5, maxItems: 100 }, 2, ['1:1:10:1-1', '2:1:10:2-2']],
    ['nothing in, nothing out', { maxBytes: 5, maxItems: 100 }, 0, []],
  ])('%s', (_name, limits, count, expected) => {
    expect(
      shape(
        cut(
          limits,
          Array.from({ length: count }, () => ten),
        ),
      ),
    ).toEqual(expected);
  });

  it('counts bytes, not characters', () => {
    expect(shape(cut({ maxBytes: 8, maxItems: 10 }, ['åäö\n', 'åäö\n']))).toEqual(['1:1:7:1-1', '2:1:7:2-2']);
  });

  it('serializes minified action and data lines; delete has no data line', () => {
    expect(serializeRecord({ file: 'f', line: 2, action: { kind: 'index', id: '7', language: 'sv' }, item: { Name: 'a b', n: [1, 2] } })).toBe(
      '{"index":{"_id":"7","language_routing":"sv"}}\n{"Name":"a b","n":[1,2]}\n',
    );
    expect(serializeRecord({ file: 'f', line: 3, action: { kind: 'delete', id: '8', language: 'en' } })).toBe(
      '{"delete":{"_id":"8","language_routing":"en"}}\n',
    );
  });

  it('passes a kept data line through as it is', () => {
    expect(serializeRecord({ file: 'f', line: 2, action: { kind: 'index', id: '7', language: 'sv' }, dataLine: '{"Name":"a b"}' })).toBe(
      '{"index":{"_id":"7","language_routing":"sv"}}\n{"Name":"a b"}\n',
    );
  });

  it.each<[string, boolean]>([
    ['{"a":1,"b":[true,null]}', true],
    ['{"a":"with spaces and \\"quotes\\" inside"}', true],
    ['{"a": 1}', false],
    ['{"a":1 }', false],
    [' {"a":1}', false],
    ['{"a":"\\\\"}', true],
    ['{"a":"\\\\","b": 2}', false],
  ])('isMinifiedJson(%s) is %s', (text, expected) => {
    expect(isMinifiedJson(text)).toBe(expected);
  });
});
