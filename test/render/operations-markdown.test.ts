import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { CheckedOperation, OperationsReport } from '../../src/operations/types.js';
import { operationsMarkdown } from '../../src/render/operations-markdown.js';
import { operationsLines } from '../../src/render/operations-text.js';

const operation = (name: string, status: CheckedOperation['status'], line: number, extra: Partial<CheckedOperation> = {}): CheckedOperation => ({
  name,
  kind: 'query',
  file: 'web/src/queries.graphql',
  line,
  column: 1,
  status,
  problems: [],
  changes: [],
  ...extra,
});

const REPORT: OperationsReport = {
  failOn: 'broken',
  files: ['web/src/queries.graphql', 'web/src/Post.tsx'],
  counts: { broken: 1, affected: 1, unaffected: 1 },
  operations: [
    operation('PostList', 'broken', 2, {
      problems: [{ file: 'web/src/queries.graphql', line: 4, column: 23, message: 'Cannot query field "Summary" on type "BlogPost".' }],
    }),
    operation('PostReading', 'affected', 9, {
      changes: [{ criticality: 'BREAKING', path: 'BlogPost.Minutes', message: "Field 'BlogPost.Minutes' changed type from 'Int' to '[Int]'" }],
    }),
    operation('Titles', 'unaffected', 15),
  ],
  diagnostics: [],
};

describe('the operations check as a pull request comment and in a terminal', () => {
  it('markdown: the broken operations in plain view, the affected and unaffected ones collapsed, in that order', () => {
    const text = operationsMarkdown(REPORT, 60_000);
    expect(text).toContain('### Frontend operations (2 files) against the schema served after this apply: 1 broken, 1 potentially affected, 1 unaffected');
    expect(text).toContain('| `PostList` | `web/src/queries.graphql:2:1` | Cannot query field "Summary" on type "BlogPost". (web/src/queries.graphql:4:23) |');
    const broken = text.indexOf('| `PostList`');
    const affected = text.indexOf('<details><summary>1 potentially affected</summary>');
    const unaffected = text.indexOf('<details><summary>1 unaffected</summary>');
    expect(broken).toBeGreaterThan(0);
    expect(affected).toBeGreaterThan(broken);
    expect(unaffected).toBeGreaterThan(affected);
    expect(text).toContain(
      "- `PostReading` `web/src/queries.graphql:9:1`: reads `BlogPost.Minutes` (Field 'BlogPost.Minutes' changed type from 'Int' to '[Int]')",
    );
  });

  it('markdown: what does not fit leaves the unaffected out first, and the counts stay', () => {
    const full = operationsMarkdown(REPORT, 60_000);
    const cut = operationsMarkdown(REPORT, full.length - 1);
    expect(cut).not.toContain('1 unaffected</summary>');
    expect(cut).toContain('| `PostList`');
    expect(cut).toContain('`graphform plan --format json` lists each');
    expect(operationsMarkdown(REPORT, 10)).toContain('1 broken, 1 potentially affected, 1 unaffected');
  });

  it('text: each operation at file:line:col with its status, problems and changes', () => {
    expect(operationsLines(REPORT, new Chalk({ level: 0 })).join('\n')).toBe(
      [
        'Frontend operations (2 files) against the schema served after this apply: 1 broken, 1 potentially affected, 1 unaffected',
        '  ✗ PostList web/src/queries.graphql:2:1 broken',
        '      Cannot query field "Summary" on type "BlogPost". (web/src/queries.graphql:4:23)',
        '  ! PostReading web/src/queries.graphql:9:1 potentially affected',
        "      reads BlogPost.Minutes: Field 'BlogPost.Minutes' changed type from 'Int' to '[Int]'",
        '  ✓ Titles web/src/queries.graphql:15:1',
      ].join('\n'),
    );
  });
});
