import { describe, expect, it } from 'vitest';
import { describeHeaders, redact, REDACTED } from '../../src/http/redact.js';

describe('redact', () => {
  it.each([
    { text: 'secret is hunter2!', secrets: ['hunter2'], expected: `secret is ${REDACTED}!` },
    { text: 'a=abcdef b=abc', secrets: ['abc', 'abcdef'], expected: `a=${REDACTED} b=${REDACTED}` },
    { text: 'authorization: Basic dXNlcjpwYXNz', secrets: [], expected: `authorization: Basic ${REDACTED}` },
    { text: 'Authorization: epi-hmac key:1:n:sig==', secrets: [], expected: `Authorization: epi-hmac ${REDACTED}` },
    { text: 'header "Bearer eyJhbGciOi.x.y" sent', secrets: [], expected: `header "Bearer ${REDACTED}" sent` },
    { text: 'nothing here', secrets: [''], expected: 'nothing here' },
    { text: 'twice: s3 and s3', secrets: ['s3'], expected: `twice: ${REDACTED} and ${REDACTED}` },
  ])('$text', ({ text, secrets, expected }) => {
    expect(redact(text, secrets)).toBe(expected);
  });
});

describe('describeHeaders', () => {
  it('keeps the scheme of credentials and nothing else', () => {
    const line = describeHeaders({ authorization: 'epi-hmac key:1:n:sig', 'content-type': 'text/plain', Cookie: 'a=b' });
    expect(line).toBe(`Cookie: ${REDACTED}, authorization: epi-hmac ${REDACTED}, content-type: text/plain`);
  });
});
