import { describe, expect, it } from 'vitest';
import { workersFromBytes } from '../../../src/workflows/internal/workers-from.js';

const MIB = 1024 * 1024;

describe('where the validation pass starts worker threads', () => {
  it.each([
    [undefined, 64 * MIB],
    ['', 64 * MIB],
    ['  ', 64 * MIB],
    ['many', 64 * MIB],
    ['-1', 64 * MIB],
    ['0', 0],
    ['1', MIB],
    [' 48 ', 48 * MIB],
    ['0.5', MIB / 2],
  ])('GRAPHFORM_WORKERS_FROM_MIB=%j: from %i bytes of NDJSON', (value, bytes) => {
    expect(workersFromBytes({ GRAPHFORM_WORKERS_FROM_MIB: value })).toBe(bytes);
  });
});
