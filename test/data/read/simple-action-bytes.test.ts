import { describe, expect, it } from 'vitest';
import { SIMPLE_ACTION, simpleActionBytes } from '../../../src/data/read/ndjson-state.js';

/** The byte reader of graphform's own action lines takes exactly the lines SIMPLE_ACTION matches, with the same parts. */
const LINES = [
  '{"index":{"_id":"1","language_routing":"en"}}',
  '{"delete":{"_id":"gone","language_routing":"sv"}}',
  '{"index":{"_id":"é☃𝄞 x","language_routing":"pt-BR"}}',
  '{"index":{"_id":"a\u007fb","language_routing":"en"}}',
  '{"index":{"_id":"","language_routing":"en"}}',
  '{"index":{"_id":"1","language_routing":""}}',
  '{"index":{"_id":"a\\"b","language_routing":"en"}}',
  '{"index":{"_id":"a\\\\b","language_routing":"en"}}',
  '{"index":{"_id":"a\u0001b","language_routing":"en"}}',
  '{"index":{"_id":"a\tb","language_routing":"en"}}',
  '{"index":{"_id":1,"language_routing":"en"}}',
  '{"index": {"_id":"1","language_routing":"en"}}',
  '{"index":{"_id":"1","language_routing":"en"}} ',
  '{"index":{"_id":"1","language_routing":"en"}}}',
  '{"index":{"_id":"1","language_routing":"en"}',
  '{"index":{"language_routing":"en","_id":"1"}}',
  '{"update":{"_id":"1","language_routing":"en"}}',
  '{"index":{"_id":"1","language_routing":"en","x":1}}',
  '{"index":{"_id":"1"","language_routing":"en"}}',
  '{"index":{"_id":"1","language_routing":"en"}}{"index":{"_id":"1","language_routing":"en"}}',
  '{"index":{"_id":"1","language_routing":"e"n"}}',
  '{"index":{"_id":"1","language_routing":"en\\u0020"}}',
  '{"Name":"x"}',
  '',
];

describe('simpleActionBytes', () => {
  it.each(LINES)('reads %j as SIMPLE_ACTION does', (line) => {
    const match = SIMPLE_ACTION.exec(line);
    const expected = match === null ? undefined : { kind: match[1], id: match[2], language: match[3] };
    // In the middle of a larger buffer, as a block holds the line.
    const bytes = Buffer.from(`{"x":1}\n${line}\n{"y":2}\n`, 'utf8');
    const start = Buffer.byteLength('{"x":1}\n');
    expect(simpleActionBytes(bytes, start, start + Buffer.byteLength(line))).toEqual(expected);
  });
});
