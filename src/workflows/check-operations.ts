import { GraphformError } from '../diagnostics/errors.js';
import { isFailure, operationsFailure, type OperationsFailure } from '../operations/policy.js';
import { configPatterns, givenPatterns } from '../operations/document-patterns.js';
import type { DocumentPattern, OperationsReport } from '../operations/types.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { hintOf } from './internal/operations-report.js';
import { startOperations } from './internal/operations-start.js';
import { loadValidProject } from './internal/planning.js';
import { configFor } from './internal/select.js';
import { offlineEnvironment, servedItemFields } from './internal/served-item-fields.js';

/** `check-operations`: which config, environment and (instead of the config's) documents. */
export interface CheckOperationsInput extends ProjectSelection {
  /**
   * Patterns relative to the config's folder, instead of `operations.documents`. A string's
   * problems (it matches no file) are named as `documents`'; a DocumentPattern's point where it says.
   */
  documents?: readonly (string | DocumentPattern)[];
}

/** What `checkOperations` found, and what of it fails under `report.failOn`. */
export interface CheckOperationsResult {
  /** Each operation of the documents, and the documents' diagnostics (could not be checked, a name defined twice, a fragment no operation spreads). */
  report: OperationsReport;
  /**
   * The operations and documents `report.failOn` refuses (none under `failOn: none`): what
   * makes `graphform check-operations` exit 1 with GF_OPERATIONS_FAILING.
   */
  failing: OperationsFailure;
  /** Nothing fails: `failing` is empty. */
  ok: boolean;
}

/**
 * `graphform check-operations`: the frontends' operations against the schema today's
 * declarations give, offline (no service, no state), for a frontend repository's own CI.
 * The declarations must be valid (InvalidDeclarationsError otherwise). A failing operation
 * is a result (`ok: false`), not an error.
 */
export async function checkOperations(input: CheckOperationsInput, host: WorkflowHost): Promise<CheckOperationsResult> {
  const config = await configFor(input, host);
  const documents =
    input.documents !== undefined && input.documents.length > 0
      ? givenPatterns(input.documents, 'documents')
      : config.operations === undefined
        ? undefined
        : configPatterns(config.operations);
  if (documents === undefined) {
    throw new GraphformError(
      'GF_USAGE',
      'There are no frontend documents to check: the config has no operations: block, and no document patterns were given.',
      {
        hint: 'Add operations: {documents: ["web/src/**/*.graphql", "web/src/**/*.{ts,tsx}"]} to the config, or give `documents` (patterns).',
      },
    );
  }
  const project = await loadValidProject(host, config, undefined, 'no operation was checked');
  const started = startOperations(host, config.rootDir, documents, hintOf(project.declarations));
  let report: OperationsReport;
  try {
    report = await started.report(
      { before: undefined, after: hintOf(project.declarations), optional: [], itemFields: servedItemFields(offlineEnvironment(config, input.environment)) },
      config.operations?.failOn ?? 'broken',
    );
  } finally {
    await started.close();
  }
  const failing = operationsFailure(report);
  return { report, failing, ok: !isFailure(failing) };
}
