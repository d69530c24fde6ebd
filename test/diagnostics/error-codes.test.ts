import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRAPHFORM_ERROR_CODES, type GraphformErrorCode } from '../../src/diagnostics/error-codes.js';
import { GraphformError } from '../../src/diagnostics/errors.js';

/**
 * The one list of codes (GRAPHFORM_ERROR_CODES, whose union type GraphformError and
 * Diagnostic carry) says what docs/error-codes.md says, and holds every code that src/ writes
 * as a string: the compiler checks the codes passed as literals, this the ones that pass
 * through a `string` on the way.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const FAMILIES = ['GF_GRAPH_HTTP_', 'GF_AUTH_HTTP_', 'GF_ASSETS_HTTP_', 'GF_SYSTEM_'];

function documented(): { codes: string[]; families: string[] } {
  const codes: string[] = [];
  const families: string[] = [];
  for (const line of readFileSync(path.join(repo, 'docs/error-codes.md'), 'utf8').split('\n')) {
    const cell = /^\| (GF_[^|]+) \|/.exec(line)?.[1];
    if (cell === undefined) continue;
    for (const code of cell
      .replace(/\s*\(warning\)/g, '')
      .split(',')
      .map((c) => c.trim())) {
      const family = /^(GF_[A-Z_]+_)&lt;\w+&gt;$/.exec(code)?.[1];
      if (family !== undefined) families.push(family);
      else codes.push(code);
    }
  }
  return { codes, families };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the error codes', () => {
  it('are the codes docs/error-codes.md documents, each once', () => {
    const docs = documented();
    expect([...GRAPHFORM_ERROR_CODES].sort(), 'GRAPHFORM_ERROR_CODES (src/diagnostics/error-codes.ts) against docs/error-codes.md').toEqual(
      [...new Set(docs.codes)].sort(),
    );
    expect(new Set(GRAPHFORM_ERROR_CODES).size).toBe(GRAPHFORM_ERROR_CODES.length);
    expect(docs.families.sort()).toEqual([...FAMILIES].sort());
  });

  it('hold every GF_ code written in src/', () => {
    const known = new Set<string>(GRAPHFORM_ERROR_CODES);
    const unknown: string[] = [];
    for (const file of sourceFiles(path.join(repo, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`](GF_[A-Z0-9_]+)['"`]/g)) {
        const code = match[1] ?? '';
        // A family: its prefix, completed with a status or errno where it is used.
        if (FAMILIES.some((family) => code.startsWith(family))) continue;
        if (!known.has(code)) unknown.push(`${path.relative(repo, file)}: ${code}`);
      }
    }
    expect(unknown, 'codes in src/ that are neither in GRAPHFORM_ERROR_CODES nor documented').toEqual([]);
  });

  it('type GraphformError.code: a code outside the list does not compile, a family member does', () => {
    // @ts-expect-error not a graphform code (tsc -p tsconfig.test.json checks this line)
    const made = new GraphformError('GF_NO_SUCH_CODE', 'never thrown');
    const status: GraphformErrorCode = 'GF_GRAPH_HTTP_503';
    expect([made.code, status]).toEqual(['GF_NO_SUCH_CODE', 'GF_GRAPH_HTTP_503']);
  });
});
