import { describe, expect, it } from 'vitest';
import { closestMatch, editDistance, SUGGESTION_BUDGET, SuggestionBudget } from '../../src/diagnostics/suggest.js';
import { validateTexts } from '../validate/validate-helpers.js';

describe('editDistance with a bound', () => {
  const words = [
    '',
    'a',
    'ab',
    'ba',
    'abc',
    'acb',
    'Title',
    'Titel',
    'Product.Quantity',
    'Product.Quantiyt',
    'Article.Summary',
    'Article.Abstract',
    'kitten',
    'sitting',
  ];
  it('agrees with the unbounded distance up to the bound, and answers more than the bound beyond it', () => {
    for (const a of words) {
      for (const b of words) {
        const full = editDistance(a, b);
        for (const bound of [0, 1, 2, 3]) {
          const bounded = editDistance(a, b, bound);
          expect(Math.min(bounded, bound + 1), `${a} / ${b} within ${bound}`).toBe(Math.min(full, bound + 1));
        }
      }
    }
  });
});

describe('SuggestionBudget', () => {
  const candidates = Array.from({ length: 100 }, (_, i) => `Article.Field${String(i).padStart(3, '0')}`);

  it('suggests as closestMatch does while the budget lasts, counting each distance it computes', () => {
    const budget = new SuggestionBudget(1000);
    expect(budget.closest('Article.Feild007', candidates)).toBe(closestMatch('Article.Feild007', candidates));
    expect(budget.closest('Article.Feild007', candidates)).toBe('Article.Field007');
    expect(budget.computed).toBe(200);
  });

  it('costs nothing for candidates whose length alone rules them out', () => {
    const budget = new SuggestionBudget(1000);
    expect(budget.closest('Article.FieldWithAMuchLongerName', candidates)).toBeUndefined();
    expect(budget.computed).toBe(0);
  });

  it('stops suggesting once the budget is spent, and computes nothing more', () => {
    const budget = new SuggestionBudget(150);
    expect(budget.closest('Article.Feild001', candidates)).toBe('Article.Field001');
    expect(budget.closest('Article.Feild002', candidates), 'the second lookup runs out after 50 of its 100 candidates').toBeUndefined();
    expect(budget.closest('Article.Feild003', candidates)).toBeUndefined();
    expect(budget.computed).toBe(150);
  });
});

describe('did you mean in validate, for many unknown names', () => {
  it('reports every unknown convert key, and stops suggesting after a bounded number of distance computations', () => {
    const properties = 1000;
    const keys = 200;
    const text = [
      'id: news',
      'label: News',
      'languages: [en]',
      'contentTypes:',
      '  Article:',
      '    contentType: []',
      '    properties:',
      ...Array.from({ length: properties }, (_, i) => `      Property${String(i).padStart(4, '0')}: { type: String }`),
      'convert:',
      ...Array.from({ length: keys }, (_, i) => `  Article.Porperty${String(i).padStart(4, '0')}: { onError: fail }`),
      '',
    ].join('\n');
    const { diagnostics } = validateTexts({ 'news.yaml': text });
    const unknown = diagnostics.filter((d) => d.code === 'GF_CONVERT_UNKNOWN_PROPERTY');
    expect(unknown).toHaveLength(keys);
    expect(unknown[0]?.message, 'the first key still gets its suggestion').toContain('did you mean `Article.Property0000`?');
    const suggested = unknown.filter((d) => d.message.includes('did you mean')).length;
    // Every key has all 1,000 properties of its length to compare with: the budget allows that many keys and no more.
    expect(suggested, `${suggested} of ${keys} keys got a suggestion: the work is not bounded`).toBe(Math.floor(SUGGESTION_BUDGET / properties));
  });
});
