import { describe, expect, it } from 'vitest';
import { escapeUnprintable, excerpt } from '../../src/diagnostics/excerpt.js';

describe('excerpt', () => {
  it.each([
    ['a short value as it is', 'Shop catalogue', 60, 'Shop catalogue'],
    ['a long value cut, with an ellipsis', 'x'.repeat(500), 10, `${'x'.repeat(10)}…`],
    ['an escape sequence shown, not sent', 'red\u001b[31mtext', 60, 'red\\u001b[31mtext'],
    ['newlines, tabs, DEL and C1 controls escaped', 'a\nb\tc\u007fd\u0085', 60, 'a\\u000ab\\u0009c\\u007fd\\u0085'],
    ['bidirectional overrides escaped', 'abc\u202edef', 60, 'abc\\u202edef'],
    ['a cut that never splits a surrogate pair', `${'x'.repeat(9)}😀tail`, 10, `${'x'.repeat(9)}…`],
  ])('gives %s', (_name, input, max, expected) => {
    expect(excerpt(input, max)).toBe(expected);
  });

  it('bounds a whole environment block to a short quote', () => {
    const environ = `PATH=/usr/bin\u0000GF_CANARY=canary-9f8e7d\u0000${'HOME=/root\u0000'.repeat(1000)}`;
    const quoted = excerpt(environ, 12);
    expect(quoted).toBe('PATH=/usr/bi…');
    expect(quoted).not.toContain('canary');
  });
});

describe('escapeUnprintable', () => {
  it('keeps printable text, accents and emoji as they are', () => {
    expect(escapeUnprintable('Café 😀 – ok')).toBe('Café 😀 – ok');
  });
});
