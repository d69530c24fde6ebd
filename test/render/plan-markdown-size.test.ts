import { describe, expect, it } from 'vitest';
import type { SourceDefinition } from '../../src/model/types.js';
import type { Plan } from '../../src/plan/types.js';
import { MARKDOWN_MAX_CHARS, renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { declaration, edit, planOf } from '../plan/builders.js';

/** A source the size of a real one: a property type, an abstract base and three content types. */
function source(n: number): SourceDefinition {
  return {
    label: `Catalogue ${n}`,
    languages: ['en', 'sv', 'fi'],
    propertyTypes: { [`Dims${n}`]: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } } },
    contentTypes: {
      [`Item${n}`]: {
        abstract: true,
        contentType: [],
        properties: { Name: { type: 'String', searchable: true }, Summary: { type: 'String', searchable: true } },
      },
      [`Product${n}`]: {
        contentType: [`Item${n}`],
        properties: { Quantity: { type: 'Int' }, Size: { type: `Dims${n}` }, Tags: { type: '[String]' }, Color: { type: 'String' } },
      },
      [`Offer${n}`]: { contentType: [`Item${n}`], properties: { Price: { type: 'Float' }, ValidUntil: { type: 'DateTime' } } },
    },
  };
}

/** `count` sources; every `lossEvery`-th one is in state and loses a property (a full update), the rest are new. */
function largePlan(count: number, lossEvery = 0): Plan {
  const ids = Array.from({ length: count }, (_, n) => `s${n}`);
  const losing = (n: number): boolean => lossEvery > 0 && n % lossEvery === lossEvery - 1;
  return planOf({
    applied: Object.fromEntries(ids.flatMap((id, n) => (losing(n) ? [[id, source(n)]] : []))),
    declared: ids.map((id, n) => declaration(id, losing(n) ? edit(source(n), (d) => void delete d.contentTypes[`Product${n}`]!.properties.Color) : source(n))),
    remote: Object.fromEntries(
      ids.map((id, n) => [
        id,
        losing(n) ? { status: 'found' as const, definition: source(n), unknown: [], hasDescription: false } : { status: 'missing' as const },
      ]),
    ),
  });
}

const tableRows = (md: string): string[] => md.split('\n').filter((line) => /^\| `s\d+` \|/.test(line));

/** Every block that is opened is closed, and code fences pair up, wherever the cut falls. */
function expectWellFormed(md: string): void {
  expect(md.match(/<details>/g)?.length ?? 0).toBe(md.match(/<\/details>/g)?.length ?? 0);
  expect((md.match(/^```/gm)?.length ?? 0) % 2).toBe(0);
}

describe('markdown plans of many sources', () => {
  it('50 new sources: under 60,000 characters, the summary table first with every source in it', () => {
    const plan = largePlan(50);
    // Uncut, such a plan is more than one comment holds.
    expect(renderPlanMarkdown(plan, { maxChars: Infinity }).length).toBeGreaterThan(80_000);
    const md = renderPlanMarkdown(plan);
    expect(md.length).toBeLessThan(60_000);
    const table = md.indexOf('| Source | Action | Data loss | Request | Changes |');
    expect(table).toBeGreaterThan(0);
    expect(table).toBeLessThan(md.indexOf('<details>'));
    // The first thing under the title says the plan is cut, before the summary.
    expect(md.slice(0, table)).toMatch(
      /^### graphform plan: `test`\n\n> \[!NOTE\]\n> \*\*This plan is cut\*\* to fit in one comment \(60,000 characters\)\. Left out: [^\n]+\n> The full plan is in the job log[^\n]+\n\n\*\*Plan: 50 to create, 0 to update in place, 0 to replace, 0 to delete, 0 orphaned\.\*\*\n\n$/,
    );
    expect(tableRows(md)).toHaveLength(50);
    expectWellFormed(md);
  });

  it('500 sources: cut with a note that says what is left out and where the full plan is', () => {
    const md = renderPlanMarkdown(largePlan(500, 10));
    expect(md.length).toBeLessThan(60_000);
    expect(md).toContain('> **This plan is cut** to fit in one comment (60,000 characters).');
    expect(md).toMatch(/Left out: the details of \d+ of 500 sources(; the request bodies of 1 other source, whose reasons and changes are shown)?\./);
    expect(md).toContain(
      'The full plan is in the job log (the output of `graphform plan`) and in the plan file (`graphform plan --out FILE`; the workflow uploads it as an artifact).',
    );
    // Every source has its row; the 50 data-losing ones come first, and so do their details.
    const rows = tableRows(md);
    expect(rows).toHaveLength(500);
    expect(rows.slice(0, 50).every((row) => row.includes('| **yes** |'))).toBe(true);
    expect(md.indexOf('<details><summary><code>-/+ s109</code>')).toBeGreaterThan(0);
    // The banner names five of them and counts the rest.
    expect(md).toContain('> - and 45 more sources: the table below lists every one first');
    // Said at the top, before the banner, and again at the end.
    expect(md.indexOf('> **This plan is cut**')).toBeLessThan(md.indexOf('> [!CAUTION]'));
    expect(md.lastIndexOf('> **The plan above is cut** (the note at the top says what is left out)')).toBeGreaterThan(md.lastIndexOf('| `s'));
    expect(md.endsWith('…</sub>\n')).toBe(true);
    expectWellFormed(md);
  });

  it('leaves out request bodies first, then whole blocks, then table rows, and says how many', () => {
    const plan = largePlan(6, 2);
    const full = renderPlanMarkdown(plan, { maxChars: Infinity });
    expect(full).not.toContain('[!NOTE]');
    // The largest limit at which each kind of cut first shows, going down from the whole plan.
    const firstCut = { bodies: 0, details: 0, rows: 0 };
    for (let maxChars = full.length; maxChars >= 1_500; maxChars -= 25) {
      const md = renderPlanMarkdown(plan, { maxChars });
      expect(md.length).toBeLessThanOrEqual(maxChars);
      expectWellFormed(md);
      if (firstCut.bodies === 0 && /the request bodies of \d other sources?, whose reasons and changes are shown/.test(md)) firstCut.bodies = maxChars;
      if (firstCut.details === 0 && /the details of \d of 6 sources/.test(md)) firstCut.details = maxChars;
      if (firstCut.rows === 0 && /the table rows of \d of 6 sources; the details of 6 of 6 sources\./.test(md)) firstCut.rows = maxChars;
    }
    expect(firstCut.bodies).toBeGreaterThan(firstCut.details);
    expect(firstCut.details).toBeGreaterThan(firstCut.rows);
    expect(firstCut.rows).toBeGreaterThan(0);
  });

  it('stays within any limit, and a plan that fits is not cut', () => {
    const plan = largePlan(30, 3);
    for (const maxChars of [2_500, 4_000, 10_000, 25_000, MARKDOWN_MAX_CHARS]) {
      const md = renderPlanMarkdown(plan, { maxChars });
      expect(md.length).toBeLessThanOrEqual(maxChars);
      expectWellFormed(md);
    }
    const small = renderPlanMarkdown(largePlan(3, 3));
    expect(small).not.toContain('[!NOTE]');
    expect(small).not.toContain('left out');
  });
});
