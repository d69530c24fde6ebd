import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hintWithFlags } from '../../src/cli/hint-flags.js';

/**
 * A GraphformError's hint reaches library callers as it is, so outside src/cli/ it names a
 * workflow's option (`allowDataLoss`), never a flag; the command line turns the option into
 * its flag when it prints the hint. A `graphform …` command quoted whole stays: it says
 * what to run.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'cli' && dir === SRC ? [] : files(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every hint written as a literal: `hint: '…'`, `hint: \`…\``, and the hint constants. */
function hints(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bhint:\s*|\b(?:const|let) (?:hint|HINT)\s*=\s*)(['`])((?:\\.|(?!\1)[^\\])*)\1/g)) found.push(match[2] ?? '');
  return found;
}

/** A flag outside a quoted `graphform …` command. */
function flagsIn(hint: string): string[] {
  const prose = hint.replace(/\\?`graphform [^`]*?\\?`/g, '');
  return [...prose.matchAll(/(?:^|[\s(])(--[a-z][a-z-]*)/g)].map((m) => m[1] ?? '');
}

describe('the hints of library errors', () => {
  it('name options, not command-line flags', () => {
    const offenders = files(SRC).flatMap((file) =>
      hints(readFileSync(file, 'utf8')).flatMap((hint) => flagsIn(hint).map((flag) => `${path.relative(SRC, file)}: ${flag} in "${hint}"`)),
    );
    expect(offenders).toEqual([]);
  });

  it('are found by the scan (the check itself works)', () => {
    expect(hints("throw x('GF_A', 'm', { hint: 'pass --allow-data-loss' });\nconst HINT = `run \\`graphform plan --out FILE\\` then --yes`;")).toEqual([
      'pass --allow-data-loss',
      'run \\`graphform plan --out FILE\\` then --yes',
    ]);
    expect(flagsIn('pass --allow-data-loss')).toEqual(['--allow-data-loss']);
    expect(flagsIn('run \\`graphform plan --out FILE\\` then --yes')).toEqual(['--yes']);
    expect(flagsIn('Run `graphform auth logout --no-revoke` to delete them')).toEqual([]);
  });

  it('show the flag on the command line', () => {
    expect(hintWithFlags('Run `graphform plan` to see which and why; pass `allowDataLoss` to lose them.')).toBe(
      'Run `graphform plan` to see which and why; pass --allow-data-loss to lose them.',
    );
    expect(hintWithFlags('To really stop managing every source (and delete them with `prune`), run with `allowEmpty`.')).toBe(
      'To really stop managing every source (and delete them with --prune), run with GRAPHFORM_ALLOW_EMPTY=1.',
    );
    expect(hintWithFlags('Leave out `refresh: false` (or set refresh: true for the environment).')).toBe(
      'Leave out --no-refresh (or set refresh: true for the environment).',
    );
    expect(hintWithFlags('Check the `configFile` path.')).toBe('Check the --config path.');
  });
});
