import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/render/diagnostics-code-frame.js';
import { escapeData } from '../../src/render/diagnostics-github.js';
import { renderDiagnosticsText } from '../../src/render/diagnostics-text.js';
import { escapeControl, escapeTerminalText } from '../../src/render/escape-control.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { declaration, planOf } from '../plan/builders.js';

const ESC = '\u001b';
const BEL = '\u0007';
/** chalk's colour codes (SGR: ESC [ digits;… m), the only escape sequences allowed through. */
const SGR = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

describe('escapeControl', () => {
  it.each([
    { name: 'plain text', input: 'Shop catalogue', output: 'Shop catalogue' },
    { name: 'newline and tab stay', input: 'a\n\tb', output: 'a\n\tb' },
    { name: 'ESC (clear screen)', input: `x${ESC}[2Jy`, output: 'x\\u001b[2Jy' },
    { name: 'BEL', input: `ding${BEL}`, output: 'ding\\u0007' },
    { name: 'OSC title sequence', input: `${ESC}]0;owned${BEL}`, output: '\\u001b]0;owned\\u0007' },
    { name: 'NUL and carriage return', input: 'a\u0000b\rc', output: 'a\\u0000b\\u000dc' },
    { name: 'DEL', input: 'a\u007fb', output: 'a\\u007fb' },
    { name: 'C1 controls (CSI, NEL)', input: 'a\u009b2Jb\u0085', output: 'a\\u009b2Jb\\u0085' },
    { name: 'printable non-ASCII stays', input: 'Åäö – “quoted” 🙂 \u00a0', output: 'Åäö – “quoted” 🙂 \u00a0' },
  ])('$name', ({ input, output }) => {
    expect(escapeControl(input)).toBe(output);
  });
});

describe('escapeTerminalText', () => {
  const red = new Chalk({ level: 1 }).red('error');

  it.each([
    { name: 'keeps chalk colours when colour is on', input: `${red} text`, keep: true, output: `${red} text` },
    { name: 'escapes colours when colour is off', input: `${ESC}[31mx${ESC}[39m`, keep: false, output: '\\u001b[31mx\\u001b[39m' },
    { name: 'escapes cursor moves even with colour on', input: `${ESC}[2J${ESC}[H`, keep: true, output: '\\u001b[2J\\u001b[H' },
    { name: 'escapes a title sequence with colour on', input: `${ESC}]0;t${BEL}`, keep: true, output: '\\u001b]0;t\\u0007' },
    { name: 'SGR with parameters stays', input: `${ESC}[1;31mx${ESC}[0m`, keep: true, output: `${ESC}[1;31mx${ESC}[0m` },
    { name: 'a bare ESC before a colour code', input: `${ESC}${ESC}[31m`, keep: true, output: `\\u001b${ESC}[31m` },
    { name: 'newlines and tabs', input: 'a\n\tb\n', keep: false, output: 'a\n\tb\n' },
  ])('$name', ({ input, keep, output }) => {
    expect(escapeTerminalText(input, keep)).toBe(output);
  });
});

describe('renderers escape control characters in user text', () => {
  it('code frames show the escaped line with the caret under the token', () => {
    const frame = codeFrame(`a: 1\n  Bad${ESC}[2JKey: 1\n`, 2, 3);
    expect(frame?.source).toBe('  Bad\\u001b[2JKey: 1');
    expect(frame?.caretPad).toBe('  ');
    expect(frame?.caret).toBe('^'.repeat('Bad\\u001b[2JKey'.length));
    const after = codeFrame(`x${BEL}: "y"\n`, 1, 5);
    expect(`${after?.caretPad ?? ''}${after?.caret ?? ''}`).toBe(`${' '.repeat('x\\u0007: '.length)}^^^`);
  });

  it('diagnostics text, colour on: chalk codes only', () => {
    const text = renderDiagnosticsText(
      [{ code: 'GF_UNKNOWN_KEY', severity: 'error', message: `unknown key \`Bad${ESC}[2J${BEL}\``, file: `s${ESC}.yaml`, line: 1, column: 1, path: '' }],
      { color: new Chalk({ level: 1 }), sources: new Map([[`s${ESC}.yaml`, `Bad${ESC}[2J${BEL}: 1\n`]]) },
    );
    expect(text.replace(SGR, '')).not.toMatch(/[^\P{Cc}\n\t]/u);
    expect(text).toContain('unknown key `Bad\\u001b[2J\\u0007`');
    expect(text).toContain('s\\u001b.yaml');
  });

  it('GitHub annotations escape control characters besides %, CR and LF', () => {
    expect(escapeData(`50% a\r\nb${ESC}[2J${BEL}`)).toBe('50%25 a%0D%0Ab\\u001b[2J\\u0007');
  });

  const odd = planOf({
    applied: { [`o|d${ESC}`]: { label: 'Old', languages: ['en'], contentTypes: {} }, ['`x`']: { label: 'X', languages: ['en'], contentTypes: {} } },
    declared: [declaration('shop', { label: `Shop${ESC}]0;t${BEL}`, languages: ['en'], contentTypes: {} }, [`items/${ESC}[2J*.ndjson`])],
    remote: { shop: { status: 'missing' } },
  });

  it('plan text shows labels, globs and ids escaped', () => {
    const text = renderPlanText(odd, { color: new Chalk({ level: 1 }), showDiff: true });
    expect(text.replace(SGR, '')).not.toMatch(/[^\P{Cc}\n\t]/u);
    expect(text).toContain('items/\\u001b[2J*.ndjson');
    expect(text).toContain('o|d\\u001b');
  });

  it('plan markdown: no control characters, and ids with | or backticks keep the table whole', () => {
    const markdown = renderPlanMarkdown(odd);
    expect(markdown).not.toMatch(/[^\P{Cc}\n\t]/u);
    const rows = markdown.split('\n').filter((line) => line.startsWith('| '));
    // Every row has the table's five cells: no unescaped | inside a cell.
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length - 2).toBe(5);
    expect(rows.find((row) => row.includes('o\\|d'))).toContain('`o\\|d\\u001b`');
    expect(rows.find((row) => row.includes('x`'))).toContain('`` `x` ``');
  });
});
