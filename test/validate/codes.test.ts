import { describe, expect, it } from 'vitest';
import { parseDeclarationFile } from '../../src/load/parse.js';
import { DECLARATION_CODES, DECLARATION_ERROR_CODES } from '../../src/validate/codes.js';
import { allInvalidCases } from './cases/index.js';
import { validateTexts } from './validate-helpers.js';

describe('DECLARATION_CODES', () => {
  it('lists every code the loader and validator report, and each is reported by some case', () => {
    const reported = new Set(allInvalidCases.flatMap(({ files, context }) => validateTexts(files, context).diagnostics.map((d) => d.code)));
    for (const d of parseDeclarationFile('w.yaml', 'id: !odd x\n').diagnostics) reported.add(d.code);
    expect([...reported].sort()).toEqual(Object.keys(DECLARATION_CODES).sort());
  });

  it('gives every code a one-line meaning and the GF_ prefix', () => {
    for (const [code, meaning] of Object.entries({ ...DECLARATION_CODES, ...DECLARATION_ERROR_CODES })) {
      expect(code).toMatch(/^GF_[A-Z_]+$/);
      expect(meaning).not.toContain('\n');
      expect(meaning.length).toBeGreaterThan(10);
    }
  });
});
