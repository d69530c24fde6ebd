import { describe, expect, it } from 'vitest';
import { parseDeclarationFile } from '../../src/load/parse.js';

const brief = (file: ReturnType<typeof parseDeclarationFile>): string[] =>
  file.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code} ${d.path}`);

describe('parseDeclarationFile', () => {
  it('returns the plain value of a good file, with no diagnostics', () => {
    const parsed = parseDeclarationFile('shop.yaml', 'id: shop\nlabel: Shop\nlanguages: [en, no]\nactive: yes\n');
    expect(parsed.diagnostics).toEqual([]);
    // YAML 1.2: `no` and `yes` stay strings.
    expect(parsed.value).toEqual({ id: 'shop', label: 'Shop', languages: ['en', 'no'], active: 'yes' });
    expect(parsed.file).toBe('shop.yaml');
  });

  it('keeps the value when the only problem is a duplicate key, so other problems still show', () => {
    const parsed = parseDeclarationFile('shop.yaml', 'id: shop\nid: shop2\n');
    expect(brief(parsed)).toEqual(['2:1 error GF_YAML_DUPLICATE_KEY id']);
    expect(parsed.value).toEqual({ id: 'shop2' });
  });

  it('gives no value for a syntax error, and reports each error once with its position', () => {
    const parsed = parseDeclarationFile('shop.yaml', 'id: shop\n  label: x\n');
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.length).toBeGreaterThan(0);
    expect(parsed.diagnostics.every((d) => d.code === 'GF_YAML_SYNTAX' && d.line >= 1 && d.column >= 1)).toBe(true);
    expect(parsed.diagnostics[0]?.message).toMatch(/^YAML syntax error: /);
  });

  it('reports an unresolved tag as a warning and keeps the value', () => {
    const parsed = parseDeclarationFile('shop.yaml', 'id: shop\nlabel: !custom Shop\n');
    expect(brief(parsed)).toEqual(['2:8 warning GF_YAML_WARNING ']);
    expect(parsed.value).toEqual({ id: 'shop', label: 'Shop' });
  });

  it.each([
    ['an empty file', '', '1:1 error GF_EMPTY_FILE '],
    ['only comments', '# a\n# b\n', '1:1 error GF_EMPTY_FILE '],
    ['a list', '\n- a\n', '2:1 error GF_NOT_A_MAPPING '],
    ['a scalar', '  42\n', '1:3 error GF_NOT_A_MAPPING '],
  ])('reports %s at its position and gives no value', (_name, text, expected) => {
    const parsed = parseDeclarationFile('x.yaml', text);
    expect(brief(parsed)).toEqual([expected]);
    expect(parsed.value).toBeUndefined();
  });

  it('reports a runaway alias expansion instead of throwing', () => {
    const lines = ['l0: &l0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 8; i++) lines.push(`l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(', ')}]`);
    const parsed = parseDeclarationFile('bomb.yaml', `${lines.join('\n')}\n`);
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((d) => d.code)).toContain('GF_YAML_SYNTAX');
  });
});
