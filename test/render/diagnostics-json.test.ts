import { describe, expect, it } from 'vitest';
import { renderDiagnosticsJson } from '../../src/render/diagnostics-json.js';
import { fixtureDiagnostics, golden } from './diagnostics-golden-helpers.js';

describe('renderDiagnosticsJson', () => {
  it('matches the golden file for the invalid fixtures', async () => {
    const { diagnostics } = await fixtureDiagnostics();
    const json = renderDiagnosticsJson(diagnostics);
    expect(json).toBe(await golden('invalid.json', json));
  });

  it('has exactly ok and diagnostics, each with the seven documented fields', async () => {
    const { diagnostics } = await fixtureDiagnostics();
    const parsed = JSON.parse(renderDiagnosticsJson(diagnostics)) as { ok: boolean; diagnostics: Record<string, unknown>[] };
    expect(Object.keys(parsed)).toEqual(['ok', 'diagnostics']);
    expect(parsed.ok).toBe(false);
    for (const entry of parsed.diagnostics) expect(Object.keys(entry)).toEqual(['code', 'severity', 'message', 'file', 'line', 'column', 'path']);
  });

  it('is ok with only warnings or nothing', () => {
    expect(JSON.parse(renderDiagnosticsJson([]))).toEqual({ ok: true, diagnostics: [] });
    const warning = {
      code: 'GF_UNUSED_PROPERTY_TYPE' as const,
      severity: 'warning' as const,
      message: 'm',
      file: 'a.yaml',
      line: 2,
      column: 3,
      path: 'propertyTypes.X',
    };
    expect(JSON.parse(renderDiagnosticsJson([warning]))).toEqual({ ok: true, diagnostics: [warning] });
  });
});
