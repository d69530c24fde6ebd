import { diagnosticPlace, type Diagnostic } from '../diagnostics/diagnostic.js';
import { GraphformError } from '../diagnostics/errors.js';
import type { CheckedOperation, OperationsReport } from './types.js';

/**
 * What `operations.failOn` refuses: the operations, and the documents' errors (operations
 * that could not be checked at all, a name defined twice).
 */
export interface OperationsFailure {
  operations: CheckedOperation[];
  documents: Diagnostic[];
}

const NO_FAILURE: OperationsFailure = { operations: [], documents: [] };

/**
 * `failOn: broken` (the default) refuses broken operations; `affected` refuses affected ones
 * too; `none` refuses nothing. A document's error (one that could not be read or parsed, an
 * operation or fragment name defined twice) is refused unless `none`: its operations went
 * unchecked, or graphql-codegen refuses the documents, and a pull request must not pass by
 * breaking a file's syntax. Warnings (a fragment no operation spreads) fail nothing.
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
 * reason, each document's error, and what to do.
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
      : `Frontend documents have errors (a pattern that matches no file, a file that could not be checked, or a name defined twice), and the config sets operations.failOn: ${failOn}${what}.`;
  return new GraphformError('GF_OPERATIONS_FAILING', `${head}\n  ${lines.join('\n  ')}`, {
    details: {
      operations: failure.operations.map((o) => ({ name: o.name, file: o.file, line: o.line, column: o.column, status: o.status })),
      documents: failure.documents.map((d) => ({ file: d.file, line: d.line, column: d.column, code: d.code })),
    },
    hint: failingHint(count > 0, failure.documents.length > 0, sent),
  });
}

/** What to do: for operations, change them or the declarations; for documents, fix the files (turning the check off mends neither). */
function failingHint(operations: boolean, documents: boolean, sent: 'planned' | 'applied' | 'checked'): string {
  const files =
    'Fix the patterns and files named above: each line says what is wrong there (a name defined twice: rename one of them; ' +
    'a pattern that matches no file: correct it, or take it out of operations.documents).';
  if (!operations) return files;
  const change =
    sent === 'checked'
      ? 'Change these operations to what the declarations serve (`graphform codegen` writes that schema as _schema.graphql in its output folder, ' +
        'generated/graphform unless codegen.out says otherwise), or the declarations first; operations.failOn: none reports without failing.'
      : 'Keep what these operations read (add new properties beside the old ones) until the frontend has moved, ' +
        'or change the frontend in the same pull request; operations.failOn: none reports without failing.';
  return documents ? `${change} ${files}` : change;
}
