import { describe, expect, it } from 'vitest';
import { colorLevel } from '../../src/cli/context.js';
import type { CliIO } from '../../src/cli/io.js';

const io = (env: Record<string, string>): CliIO => ({ stdout: { write: () => true }, stderr: { write: () => true }, env, cwd: '/' });

describe('colour detection', () => {
  it.each([
    { name: 'a TTY', env: {}, tty: true, enabled: true, level: 1 },
    { name: 'a pipe', env: {}, tty: false, enabled: true, level: 0 },
    { name: 'NO_COLOR on a TTY', env: { NO_COLOR: '1' }, tty: true, enabled: true, level: 0 },
    { name: 'FORCE_COLOR on a pipe', env: { FORCE_COLOR: '1' }, tty: false, enabled: true, level: 1 },
    { name: 'FORCE_COLOR=3', env: { FORCE_COLOR: '3' }, tty: false, enabled: true, level: 3 },
    { name: 'FORCE_COLOR=0 on a TTY', env: { FORCE_COLOR: '0' }, tty: true, enabled: true, level: 0 },
    { name: '--no-color beats FORCE_COLOR', env: { FORCE_COLOR: '1' }, tty: true, enabled: false, level: 0 },
    { name: 'TERM=dumb', env: { TERM: 'dumb' }, tty: true, enabled: true, level: 0 },
  ])('$name → level $level', ({ env, tty, enabled, level }) => {
    expect(colorLevel(io(env), enabled, tty)).toBe(level);
  });
});
