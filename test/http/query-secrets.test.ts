import { describe, expect, it } from 'vitest';
import { secretQueryValues } from '../../src/http/query-secrets.js';

describe('secretQueryValues', () => {
  it.each([
    ['a long value under any name', 'https://s/state?project=glpat-Tok3nSecretValue', ['glpat-Tok3nSecretValue']],
    ['a short value that mixes letters and digits', 'https://s/state?t=q1w2', ['q1w2']],
    ['a short value under a secret-looking name', 'https://s/state?token=abc', ['abc']],
    ['a short number or word under an ordinary name: not a credential', 'https://s/state?v=1&env=prod&lang=en', []],
    ['a value too short to redact, whatever its name', 'https://s/state?key=1', []],
    ['an address that is not a URL', 'not a url', []],
  ])('%s', (_name, address, expected) => {
    expect(secretQueryValues(address)).toEqual(expected);
  });
});
