import { describe, expect, it } from 'vitest';
import { isFailure, operationsError, operationsFailure } from '../../src/operations/policy.js';
import type { CheckedOperation, OperationsReport } from '../../src/operations/types.js';

const op = (name: string, status: CheckedOperation['status']): CheckedOperation => ({
  name,
  kind: 'query',
  file: 'web/q.graphql',
  line: 1,
  column: 1,
  status,
  problems: [],
  changes: [],
});
const report = (failOn: OperationsReport['failOn'], syntax = false): OperationsReport => ({
  failOn,
  files: ['web/q.graphql'],
  counts: { broken: 1, affected: 1, unaffected: 1 },
  operations: [op('Broken', 'broken'), op('Affected', 'affected'), op('Fine', 'unaffected')],
  diagnostics: syntax
    ? [
        {
          code: 'GF_OPERATIONS_SYNTAX',
          severity: 'error',
          file: 'web/x.graphql',
          line: 2,
          column: 3,
          path: '',
          message: 'web/x.graphql holds GraphQL that does not parse',
        },
      ]
    : [],
});

describe('operations.failOn', () => {
  it('broken refuses the broken operations, affected the affected ones too, none nothing', () => {
    expect(operationsFailure(report('broken')).operations.map((o) => o.name)).toEqual(['Broken']);
    expect(operationsFailure(report('affected')).operations.map((o) => o.name)).toEqual(['Broken', 'Affected']);
    expect(isFailure(operationsFailure(report('none', true)))).toBe(false);
    expect(isFailure(operationsFailure(undefined))).toBe(false);
  });

  it('a document that could not be checked fails unless none, and the error names it and each operation', () => {
    const failure = operationsFailure(report('broken', true));
    expect(failure.documents.map((d) => d.code)).toEqual(['GF_OPERATIONS_SYNTAX']);
    const error = operationsError(failure, 'broken', 'planned');
    expect(error.code).toBe('GF_OPERATIONS_FAILING');
    expect(error.message).toContain(
      '1 frontend operation is broken by this plan, and the config sets operations.failOn: broken: apply refuses it and sends nothing.',
    );
    expect(error.message).toContain('Broken (web/q.graphql:1:1): broken');
    expect(error.message).toContain('web/x.graphql:2:3: GF_OPERATIONS_SYNTAX');
    expect(error.hint, 'both: change the operations, and fix the files').toMatch(/^Keep what these operations read .* Fix the patterns and files named above/);
  });

  it('a failure of documents alone says to fix the files, not to turn the check off', () => {
    const documents: OperationsReport = {
      ...report('broken', true),
      operations: [op('Fine', 'unaffected')],
      counts: { broken: 0, affected: 0, unaffected: 1 },
    };
    const error = operationsError(operationsFailure(documents), 'broken', 'checked');
    expect(error.message).toContain(
      'Frontend documents have errors (a pattern that matches no file, a file that could not be checked, or a name defined twice)',
    );
    expect(error.hint).toBe(
      'Fix the patterns and files named above: each line says what is wrong there (a name defined twice: rename one of them; ' +
        'a pattern that matches no file: correct it, or take it out of operations.documents).',
    );
  });

  it('names where codegen writes the schema to check operations against', () => {
    const error = operationsError(operationsFailure(report('broken')), 'broken', 'checked');
    expect(error.hint).toContain(
      '`graphform codegen` writes that schema as _schema.graphql in its output folder, generated/graphform unless codegen.out says otherwise',
    );
  });
});
