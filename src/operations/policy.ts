import { diagnosticPlace, type Diagnostic } from '../diagnostics/diagnostic.js';
import { GraphformError } from '../diagnostics/errors.js';
import type { CheckedOperation, OperationsReport } from './types.js';

/** What `operations.failOn` refuses: the operations, and the documents whose operations could not be checked at all. */
export interface OperationsFailure {
  operations: CheckedOperation[];
  documents: Diagnostic[];
}

const NO_FAILURE: OperationsFailure = { operations: [], documents: [] };

/**
 * `failOn: broken` (the default) refuses broken operations; `affected` refuses affected ones
 * too; `none` refuses nothing. A document that could not be read or parsed is refused
 * unless `none`: its operations went unchecked, and a pull request must not pass by
 * breaking a file's syntax.
 */
export function operationsFailure(report: OperationsReport | undefined): OperationsFailure {
  if (report === undefined || report.failOn === 'none') return NO_FAILURE;
  const refused = report.failOn === 'affected' ? ['broken', 'affected'] : ['broken'];
  return { operations: report.operations.filter((o) => refused.includes(o.status)), documents: report.diagnostics.filter((d) => d.severity === 'error') };
}

export function isFailure(failure: OperationsFailure): boolean {
  return failure.operations.length > 0 || failure.documents.length > 0;
}

/** `PostList (web/src/queries.graphql:3:1): broken`: an operation as the error lists it. */
export function operationLine(operation: CheckedOperation): string {
  return `${operation.name} (${operation.file}:${operation.line}:${operation.column}): ${operation.status}`;
}

/**
 * The error plan and apply stop with (exit 1): each refused operation with its first
 * reason, each document that could not be checked, and what to do.
 */
export function operationsError(failure: OperationsFailure, failOn: OperationsReport['failOn'], sent: 'planned' | 'applied' | 'checked'): GraphformError {
  const lines = [
    ...failure.operations.map((o) => {
      const why = o.status === 'broken' ? o.problems[0] : undefined;
      const reason =
        why !== undefined ? `: ${why.message} (${why.file}:${why.line}:${why.column})` : o.changes[0] !== undefined ? `: ${o.changes[0].message}` : '';
      return `${operationLine(o)}${reason}`;
    }),
    ...failure.documents.map((d) => `${diagnosticPlace(d)}: ${d.code}: ${d.message}`),
  ];
  const what = sent === 'planned' ? ': apply refuses it and sends nothing' : sent === 'applied' ? ': nothing was sent' : '';
  const by = sent === 'checked' ? 'against the declarations' : 'by this plan';
  const count = failure.operations.length;
  const head =
    count > 0
      ? `${count} frontend operation${count === 1 ? ' is' : 's are'} ${failOn === 'affected' ? 'broken or affected' : 'broken'} ${by}, ` +
        `and the config sets operations.failOn: ${failOn}${what}.`
      : `Frontend documents could not be checked, and the config sets operations.failOn: ${failOn}${what}.`;
  return new GraphformError('GF_OPERATIONS_FAILING', `${head}\n  ${lines.join('\n  ')}`, {
    details: {
      operations: failure.operations.map((o) => ({ name: o.name, file: o.file, line: o.line, column: o.column, status: o.status })),
      documents: failure.documents.map((d) => ({ file: d.file, line: d.line, column: d.column, code: d.code })),
    },
    hint:
      count === 0
        ? 'Fix the patterns and files above, or take them out of the documents checked; operations.failOn: none reports without failing.'
        : sent === 'checked'
          ? 'Change these operations to what the declarations serve (`graphform codegen` writes that schema, schema.graphql), or the declarations first; ' +
            'operations.failOn: none reports without failing.'
          : 'Keep what these operations read (add new properties beside the old ones) until the frontend has moved, ' +
            'or change the frontend in the same pull request; operations.failOn: none reports without failing.',
  });
}
