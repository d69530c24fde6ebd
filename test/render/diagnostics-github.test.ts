import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, renderDiagnosticsGithub } from '../../src/render/diagnostics-github.js';
import { fixtureDiagnostics, golden } from './diagnostics-golden-helpers.js';

describe('renderDiagnosticsGithub', () => {
  it('matches the golden file for the invalid fixtures', async () => {
    const { diagnostics } = await fixtureDiagnostics();
    const text = renderDiagnosticsGithub(diagnostics);
    expect(text).toBe(await golden('invalid.github.txt', text));
  });

  it('escapes the message and the properties as the runner expects', () => {
    const text = renderDiagnosticsGithub([
      { code: 'GF_YAML_WARNING', severity: 'warning', message: '100% sure:\r\nnext, line', file: 'dir/a:b,c.yaml', line: 3, column: 7, path: '' },
    ]);
    expect(text).toBe('::warning file=dir/a%3Ab%2Cc.yaml,line=3,col=7,title=GF_YAML_WARNING::100%25 sure:%0D%0Anext, line\n');
  });

  it('gives no file, line or column for a problem at line 0 (given by an option, not in a file), and says in the message what gave it', () => {
    const text = renderDiagnosticsGithub([
      {
        code: 'GF_OPERATIONS_NO_MATCH',
        severity: 'error',
        message: '--documents pattern "x" matches no file',
        file: '--documents',
        line: 0,
        column: 0,
        path: '',
      },
    ]);
    expect(text).toBe('::error title=GF_OPERATIONS_NO_MATCH::--documents pattern "x" matches no file\n');
    const inJavaScript = renderDiagnosticsGithub([
      {
        code: 'GF_OPERATIONS_NO_MATCH',
        severity: 'error',
        message: 'operations.documents pattern "x" matches no file',
        file: 'graphform.config.js',
        line: 0,
        column: 0,
        path: '',
      },
    ]);
    expect(inJavaScript).toBe('::error title=GF_OPERATIONS_NO_MATCH::graphform.config.js: operations.documents pattern "x" matches no file\n');
  });

  it('escapes % first, so escapes are not escaped again', () => {
    expect(escapeData('%0A\n')).toBe('%250A%0A');
    expect(escapeProperty('a:b,c%')).toBe('a%3Ab%2Cc%25');
  });

  it('is empty for no diagnostics', () => {
    expect(renderDiagnosticsGithub([])).toBe('');
  });
});
