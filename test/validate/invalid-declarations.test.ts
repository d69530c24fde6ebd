import { describe, expect, it } from 'vitest';
import { allInvalidCases } from './cases/index.js';
import { brief, validateTexts } from './validate-helpers.js';

describe('invalid declarations', () => {
  it('covers at least 32 cases', () => {
    expect(allInvalidCases.length).toBeGreaterThanOrEqual(32);
  });

  it.each(allInvalidCases)('$name', ({ files, context, expected, messages }) => {
    const result = validateTexts(files, context);
    expect(result.diagnostics.map(brief)).toEqual(expected);
    messages?.forEach((text, i) => {
      if (text !== undefined) expect(result.diagnostics[i]?.message).toContain(text);
    });
    // A file with an error never yields a declaration; the others still do; and a file that
    // yields none always has an error (else it would count as not declared, and prune it).
    const failed = new Set(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
    expect(result.declarations.map((d) => d.file).sort()).toEqual(
      Object.keys(files)
        .filter((f) => !failed.has(f))
        .sort(),
    );
  });
});
