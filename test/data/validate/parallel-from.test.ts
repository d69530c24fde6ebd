import { afterEach, describe, expect, it } from 'vitest';
import { parallelFromBytes } from '../../../src/data/validate/validate-files.js';

const MIB = 1024 * 1024;
const saved = process.env.GRAPHFORM_WORKERS_FROM_MIB;
afterEach(() => {
  if (saved === undefined) delete process.env.GRAPHFORM_WORKERS_FROM_MIB;
  else process.env.GRAPHFORM_WORKERS_FROM_MIB = saved;
});

describe('where the validation pass starts worker threads', () => {
  it.each([
    [undefined, 256 * MIB],
    ['', 256 * MIB],
    ['  ', 256 * MIB],
    ['many', 256 * MIB],
    ['-1', 256 * MIB],
    ['0', 0],
    ['1', MIB],
    [' 64 ', 64 * MIB],
    ['0.5', MIB / 2],
  ])('GRAPHFORM_WORKERS_FROM_MIB=%j: from %i bytes of NDJSON', (value, bytes) => {
    if (value === undefined) delete process.env.GRAPHFORM_WORKERS_FROM_MIB;
    else process.env.GRAPHFORM_WORKERS_FROM_MIB = value;
    expect(parallelFromBytes()).toBe(bytes);
  });
});
