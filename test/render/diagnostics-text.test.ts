import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { renderDiagnosticsText } from '../../src/render/diagnostics-text.js';
import { fixtureDiagnostics, golden } from './diagnostics-golden-helpers.js';

const plain = new Chalk({ level: 0 });

const diagnostic = (overrides: Partial<Diagnostic>): Diagnostic => ({
  code: 'GF_ID_TOO_LONG',
  severity: 'error',
  message: 'id `shopping` is 8 characters long',
  file: 'shop.yaml',
  line: 1,
  column: 5,
  path: 'id',
  ...overrides,
});

describe('renderDiagnosticsText', () => {
  it('matches the golden file for the invalid fixtures, with code frames', async () => {
    const { diagnostics, sources } = await fixtureDiagnostics();
    const text = renderDiagnosticsText(diagnostics, { color: plain, sources });
    expect(text).toBe(await golden('invalid.txt', text));
  });

  it('names a problem at line 0 (given by an option, not in a file) without a line or column', () => {
    expect(renderDiagnosticsText([diagnostic({ file: '--documents', line: 0, column: 0 })], { color: plain })).toBe(
      '--documents error GF_ID_TOO_LONG: id `shopping` is 8 characters long\n\n1 error, 0 warnings in 1 file\n',
    );
  });

  it('leaves out the code frame when the text is not given', () => {
    expect(renderDiagnosticsText([diagnostic({})], { color: plain })).toBe(
      'shop.yaml:1:5 error GF_ID_TOO_LONG: id `shopping` is 8 characters long\n\n1 error, 0 warnings in 1 file\n',
    );
  });

  it('underlines the token: a quoted string whole, a key up to its colon', () => {
    const sources = new Map([['shop.yaml', 'id: shop\n  Tags: { type: "[Strin]" }\n']]);
    const text = renderDiagnosticsText(
      [diagnostic({ line: 2, column: 17, code: 'GF_UNKNOWN_PROPERTY_TYPE' }), diagnostic({ line: 2, column: 3, code: 'GF_INVALID_NAME', severity: 'warning' })],
      { color: plain, sources },
    );
    expect(text).toContain('  2 |   Tags: { type: "[Strin]" }\n    |                 ^^^^^^^^^\n');
    expect(text).toContain('    |   ^^^^\n');
    expect(text).toContain('1 error, 1 warning in 1 file');
  });

  it('skips the frame for a line past the end of the file', () => {
    const text = renderDiagnosticsText([diagnostic({ line: 9 })], { color: plain, sources: new Map([['shop.yaml', 'id: x\n']]) });
    expect(text).not.toContain('|');
  });

  it('colours severities when colour is on, and is empty for no diagnostics', () => {
    const coloured = renderDiagnosticsText([diagnostic({})], { color: new Chalk({ level: 1 }) });
    expect(coloured).toContain('\u001b[31m');
    expect(renderDiagnosticsText([], { color: plain })).toBe('');
  });

  it('counts files', () => {
    const text = renderDiagnosticsText([diagnostic({}), diagnostic({ file: 'b.yaml' })], { color: plain });
    expect(text.endsWith('2 errors, 0 warnings in 2 files\n')).toBe(true);
  });
});
