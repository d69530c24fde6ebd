import { describe, expect, it } from 'vitest';
import { decodeUtf8, invalidUtf8Offset, StrictUtf8Decoder, utf16Kind, type DecodedText } from '../../src/fs/utf8-text.js';

const bytes = (...values: number[]): Buffer => Buffer.from(values);

describe('invalidUtf8Offset', () => {
  it.each([
    ['ASCII', Buffer.from('plain text\n'), -1],
    ['two-, three- and four-byte characters', Buffer.from('é€😀'), -1],
    ['a Latin-1 é after "Caf"', Buffer.from([0x43, 0x61, 0x66, 0xe9]), 3],
    ['a lone continuation byte', bytes(0x41, 0x80), 1],
    ['an overlong slash (C0 AF)', bytes(0xc0, 0xaf), 0],
    ['an overlong three-byte form (E0 80 AF)', bytes(0xe0, 0x80, 0xaf), 0],
    ['a UTF-16 surrogate encoded as UTF-8 (ED A0 80)', bytes(0xed, 0xa0, 0x80), 0],
    ['a code point above U+10FFFF (F4 90 80 80)', bytes(0xf4, 0x90, 0x80, 0x80), 0],
    ['F5, never a lead byte', bytes(0x41, 0xf5, 0x80, 0x80, 0x80), 1],
    ['a sequence cut off by the end', bytes(0x41, 0xe2, 0x82), 1],
    ['a sequence broken by ASCII', bytes(0xe2, 0x41, 0x41), 0],
  ])('%s', (_name, input, expected) => {
    expect(invalidUtf8Offset(input)).toBe(expected);
  });

  it('does not count a sequence cut off by the end when more may follow', () => {
    expect(invalidUtf8Offset(bytes(0x41, 0xe2, 0x82), false)).toBe(-1);
  });
});

describe('utf16Kind', () => {
  it.each([
    ['a little-endian byte-order mark', Buffer.from('\uFEFFid: x\n', 'utf16le'), 'little-endian'],
    ['a big-endian byte-order mark', Buffer.from([0xfe, 0xff, 0x00, 0x69]), 'big-endian'],
    ['little-endian ASCII without a mark', Buffer.from('id: x\nlabel: y\n', 'utf16le'), 'little-endian'],
    ['big-endian ASCII without a mark', Buffer.from('id: x\nlabel: y\n', 'utf16le').swap16(), 'big-endian'],
    ['UTF-8 text', Buffer.from('id: x\nlabel: Café\n'), undefined],
    ['a UTF-8 byte-order mark', Buffer.from('\uFEFFid: x\n'), undefined],
    ['one NUL in UTF-8 text', Buffer.from('id: x\u0000 and more text here\n'), undefined],
    ['a single byte', bytes(0x41), undefined],
  ])('recognises %s', (_name, input, expected) => {
    expect(utf16Kind(input)).toBe(expected);
  });
});

describe('decodeUtf8', () => {
  const problem = (decoded: DecodedText): string => (decoded.ok ? 'ok' : `${decoded.problem.line}:${decoded.problem.column} ${decoded.problem.message}`);

  it('decodes UTF-8 and drops a byte-order mark', () => {
    expect(decodeUtf8(Buffer.from('\uFEFFlabel: Café\n'))).toEqual({ ok: true, text: 'label: Café\n' });
  });

  it.each([
    ['Latin-1 on line 2', Buffer.from([...Buffer.from('id: x\nlabel: Caf'), 0xe9, 0x0a]), '2:11 byte 0xE9 is not UTF-8'],
    ['Latin-1 after a BOM on line 1', Buffer.concat([Buffer.from('\uFEFFé: '), bytes(0xe9), Buffer.from(' x')]), '1:4 byte 0xE9 is not UTF-8'],
    ['a column counted in characters, not bytes', Buffer.concat([Buffer.from('€€ '), bytes(0xff)]), '1:4 byte 0xFF is not UTF-8'],
    [
      'a file that ends inside a character',
      Buffer.concat([Buffer.from('ab\n'), bytes(0xe2, 0x82)]),
      '2:1 a character is cut off (byte 0xE2 begins one that does not end)',
    ],
    ['UTF-16', Buffer.from('\uFEFFid: x\n', 'utf16le'), '1:1 the file is UTF-16 (little-endian), not UTF-8: save it as UTF-8'],
  ])('reports %s at the first bad byte, with the fix', (_name, input, expected) => {
    expect(problem(decodeUtf8(input))).toContain(expected);
    expect(problem(decodeUtf8(input))).toContain('save it as UTF-8');
  });
});

describe('StrictUtf8Decoder', () => {
  const text = 'line one\nnaïve € 😀 text\nlast line é\n';
  const encoded = Buffer.from(text);

  it('decodes text split at every byte, multi-byte characters included, without a problem', () => {
    for (let cut = 1; cut < encoded.length; cut++) {
      const decoder = new StrictUtf8Decoder();
      const parts = [decoder.write(encoded.subarray(0, cut)), decoder.write(encoded.subarray(cut)), decoder.end()];
      expect(parts.map((part) => (part.ok ? part.text : `problem ${part.problem.message}`)).join(''), `cut at ${cut}`).toBe(text);
    }
  });

  it('finds a bad byte at its line and column whatever the chunking', () => {
    const bad = Buffer.concat([Buffer.from('first\nnaïve € '), bytes(0xe9), Buffer.from(' rest\n')]);
    for (let size = 1; size <= bad.length; size++) {
      const decoder = new StrictUtf8Decoder();
      let found: DecodedText | undefined;
      for (let i = 0; i < bad.length && found === undefined; i += size) {
        const decoded = decoder.write(bad.subarray(i, i + size));
        if (!decoded.ok) found = decoded;
      }
      found ??= decoder.end();
      expect(found.ok ? 'ok' : `${found.problem.line}:${found.problem.column}`, `chunks of ${size}`).toBe('2:9');
    }
  });

  it('reports a character left unfinished at the end of the input', () => {
    const decoder = new StrictUtf8Decoder();
    expect(decoder.write(bytes(0x61, 0xf0, 0x9f)).ok).toBe(true);
    const end = decoder.end();
    expect(end.ok ? 'ok' : `${end.problem.line}:${end.problem.column}`).toBe('1:2');
  });
});
