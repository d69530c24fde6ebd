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

  it('reports a string over 1,024 characters at the value, naming the path and the limit, and gives no value', () => {
    const parsed = parseDeclarationFile('shop.yaml', `id: shop\ncontentTypes:\n  Item:\n    label: ${'x'.repeat(1025)}\n`);
    expect(brief(parsed)).toEqual(['4:12 error GF_VALUE_TOO_LONG contentTypes.Item.label']);
    expect(parsed.diagnostics[0]?.message).toBe('contentTypes.Item.label is 1,025 characters long; a string in a declaration may be at most 1,024 characters');
    expect(parsed.value).toBeUndefined();
  });

  it('accepts a string of exactly 1,024 characters', () => {
    expect(parseDeclarationFile('shop.yaml', `label: ${'x'.repeat(1024)}\n`).diagnostics).toEqual([]);
  });

  it('reports a key over the limit without putting the key in the path or the message', () => {
    const key = 'k'.repeat(5000);
    // YAML itself caps implicit keys at 1,024 characters; an explicit key (`? …`) has no cap.
    const parsed = parseDeclarationFile('shop.yaml', `contentTypes:\n  ? ${key}\n  : {}\n`);
    expect(brief(parsed)).toEqual(['2:5 error GF_VALUE_TOO_LONG contentTypes']);
    expect(parsed.diagnostics[0]?.message).toBe('a key in contentTypes is 5,000 characters long; a string in a declaration may be at most 1,024 characters');
  });

  it.each([
    ['a long single value', `${'v'.repeat(1000)}\n`, `a single value (\`${'v'.repeat(60)}…\`)`],
    [
      'a value holding an environment block',
      `"PATH=/usr/bin\\0GF_CANARY=canary-9f8e7d\\0HOME=/root"\n`,
      'a single value (`PATH=/usr/bin\\u0000GF_CANARY=canary-9f8e7d\\u0000HOME=/root`)',
    ],
    ['escape sequences', `"\\e[2J\\e]0;title\\a"\n`, 'a single value (`\\u001b[2J\\u001b]0;title\\u0007`)'],
  ])('quotes at most a short, escaped excerpt of %s in GF_NOT_A_MAPPING', (_name, text, quoted) => {
    const parsed = parseDeclarationFile('x.yaml', text);
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['GF_NOT_A_MAPPING']);
    expect(parsed.diagnostics[0]?.message).toContain(quoted);
    expect(parsed.diagnostics[0]?.message.length).toBeLessThan(200);
  });

  it("bounds the parser's own messages, which can quote the file", () => {
    const parsed = parseDeclarationFile('x.yaml', `a: b\n${'t'.repeat(3000)} c: d\n`);
    expect(parsed.diagnostics.length).toBeGreaterThan(0);
    for (const d of parsed.diagnostics) expect(d.message.length).toBeLessThan(260);
  });
});
