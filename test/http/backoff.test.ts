import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, retryDelay } from '../../src/http/backoff.js';

const settings = { baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 };
const now = Date.parse('2026-01-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    { value: '3', expected: 3_000 },
    { value: ' 0 ', expected: 0 },
    { value: '1.5', expected: 1_500 },
    { value: 'Thu, 01 Jan 2026 00:00:10 GMT', expected: 10_000 },
    { value: 'Wed, 31 Dec 2025 23:59:00 GMT', expected: 0 },
    { value: 'soon', expected: undefined },
    { value: '-5', expected: undefined },
    { value: '', expected: undefined },
    { value: null, expected: undefined },
  ])('$value → $expected', ({ value, expected }) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('backoffDelay (full jitter)', () => {
  it.each([
    { retry: 1, random: 0.5, expected: 50 },
    { retry: 2, random: 0.5, expected: 100 },
    { retry: 3, random: 0.999, expected: 399 },
    { retry: 10, random: 0.5, expected: 500 },
    { retry: 4, random: 0, expected: 0 },
  ])('retry $retry with random $random waits $expected ms', ({ retry, random, expected }) => {
    expect(backoffDelay(retry, settings, () => random)).toBe(expected);
  });
});

describe('retryDelay', () => {
  it('prefers Retry-After, capped', () => {
    expect(retryDelay(1, '2', settings, () => 0.5, now)).toEqual({ delayMs: 2_000, source: 'retry-after' });
    expect(retryDelay(1, '3600', settings, () => 0.5, now)).toEqual({ delayMs: 5_000, source: 'retry-after' });
    expect(retryDelay(2, null, settings, () => 0.5, now)).toEqual({ delayMs: 100, source: 'backoff' });
  });
});
