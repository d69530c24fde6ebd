import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { GraphqlChange, Plan } from '../../src/plan/types.js';
import { graphqlImpactBlock } from '../../src/render/graphql-impact-markdown.js';
import { graphqlBreakingLine, graphqlCounts, graphqlImpactLines } from '../../src/render/graphql-impact-text.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { mixedPlan } from './plan-fixtures.js';

const plain = new Chalk({ level: 0 });
const added = (n: number): GraphqlChange[] =>
  Array.from({ length: n }, (_, i) => ({ criticality: 'NON_BREAKING', message: `Type 'T${i}' was added`, path: `T${i}` }));
const removed: GraphqlChange = { criticality: 'BREAKING', message: "Field 'Color' was removed from object type 'Product'", path: 'Product.Color' };
const dangerous: GraphqlChange = { criticality: 'DANGEROUS', message: "'Product' object implements 'Sellable' interface", path: 'Product' };

/** The mixed plan with GraphQL changes on two of its sources. */
function withChanges(shop: GraphqlChange[], blog: GraphqlChange[]): Plan {
  const plan = mixedPlan();
  // Without the mixed plan's change made outside graphform: its block is always shown and would take the room these tests measure.
  return {
    ...plan,
    sources: plan.sources.map(({ outside: _outside, ...s }) => ({ ...s, graphqlChanges: s.id === 'shop' ? shop : s.id === 'blog' ? blog : [] })),
  };
}

describe('GraphQL impact rendering', () => {
  it.each<[GraphqlChange[], string]>([
    [[], ''],
    [[removed], '1 breaking'],
    [[removed, dangerous, ...added(3)], '1 breaking, 1 dangerous, 3 safe'],
    [added(2), '2 safe'],
  ])('counts %#: "%s"', (changes, expected) => {
    expect(graphqlCounts(changes)).toBe(expected);
  });

  it('lists every breaking and dangerous change in text, and counts the safe ones past five', () => {
    const source = withChanges([removed, dangerous, ...added(8)], []).sources.find((s) => s.id === 'shop')!;
    expect(graphqlImpactLines(source, plain)).toEqual([
      '      GraphQL: 1 breaking, 1 dangerous, 8 safe',
      "        breaking  Field 'Color' was removed from object type 'Product'",
      "        dangerous 'Product' object implements 'Sellable' interface",
      ...added(5).map((c) => `        safe      ${c.message}`),
      '        … and 3 more safe changes (plan --format json lists every one)',
    ]);
    expect(graphqlImpactLines({ ...source, graphqlChanges: [] }, plain)).toEqual([]);
  });

  it('says under the summary how many breaking changes there are, and where', () => {
    expect(graphqlBreakingLine(withChanges([removed, removed], [removed]))).toBe(
      'GraphQL: 3 breaking changes in blog, shop: queries that read them stop working.',
    );
    expect(graphqlBreakingLine(withChanges(added(1), []))).toBeUndefined();
  });

  it('collapses the impact into one markdown block, breaking in bold, with at most twenty safe changes per source', () => {
    const block = graphqlImpactBlock(withChanges([removed], added(23)));
    expect(
      block.startsWith("<details><summary>GraphQL impact: <b>1 breaking</b>, 23 safe</summary>\n\n`blog`: 23 safe\n\n- 🟢 safe: Type 'T0' was added\n"),
    ).toBe(true);
    expect(block).toContain(
      "- 🟢 safe: Type 'T19' was added\n- and 3 more safe changes (the JSON plan lists every one)\n\n`shop`: 1 breaking\n\n- 🔴 breaking: Field 'Color' was removed from object type 'Product'\n\n</details>\n",
    );
    expect(block).not.toContain("'T20'");
    expect(graphqlImpactBlock(withChanges([], []))).toBe('');
  });

  it('puts the block after the table, and keeps its breaking changes when a long plan is cut', () => {
    const plan = withChanges([removed, ...added(20)], added(20));
    const full = renderPlanMarkdown(plan);
    expect(full.indexOf('GraphQL impact')).toBeGreaterThan(full.indexOf('| Source |'));
    expect(full.indexOf('GraphQL impact')).toBeLessThan(full.indexOf('<details><summary><code>'));
    // Source details and table rows give way before the breaking change does.
    const short = renderPlanMarkdown(plan, { maxChars: 2200 });
    expect(short.length).toBeLessThanOrEqual(2200);
    expect(short).toContain("- 🔴 breaking: Field 'Color' was removed from object type 'Product'");
    expect(short).toContain('GraphQL impact: <b>1 breaking</b>, 40 safe');
    expect(short).toMatch(/Left out: [^\n]*the table rows of \d of \d sources/);
    expect(short).toContain('the safe GraphQL changes (the breaking and dangerous ones are listed)');
    expect(short).not.toContain("'T0' was added");
    // Only when even the breaking ones do not fit is the block left out, and the note says so.
    const tiny = renderPlanMarkdown(plan, { maxChars: 1800 });
    expect(tiny).not.toContain('GraphQL impact:');
    expect(tiny).toContain('the GraphQL impact');
  });

  it('lists fewer changes in its shorter forms, counting the rest', () => {
    const plan = withChanges([removed], added(3));
    expect(graphqlImpactBlock(plan, 'risky')).toContain('`blog`: 3 safe\n\n- and 3 more safe changes (the JSON plan lists every one)\n');
    expect(graphqlImpactBlock(plan, 'breaking')).toContain("`shop`: 1 breaking\n\n- 🔴 breaking: Field 'Color' was removed from object type 'Product'\n");
  });
});
