import type { EnvironmentConfig, ResolvedConfig } from '../config/types.js';
import type { ImpactInput } from '../graphql-impact/attach.js';
import { plannedSources, type NamedDefinition } from '../operations/planned-sources.js';
import type { OperationsReport } from '../operations/types.js';
import type { Plan } from '../plan/types.js';
import { GraphformError } from '../diagnostics/errors.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { loadValidProject } from './internal/planning.js';
import { configFor } from './internal/select.js';
import { startOperations, type StartedOperations } from './internal/operations-start.js';
import { offlineEnvironment, servedItemFields } from './internal/served-item-fields.js';

/**
 * The plan with the frontends' operations checked against the schema served after it is
 * applied (`plan.operations`), when the config names them; the plan as it is otherwise, and
 * then neither graphql nor the tag extractor is loaded. `outside`: the definitions of the
 * sources graphform does not manage (the CMS's own among them), as the account read found them.
 * `started`: the check begun early (startOperations), which the caller closes; absent, it begins here.
 */
export async function withOperations(
  host: WorkflowHost,
  plan: Plan,
  context: ImpactInput & {
    config: ResolvedConfig;
    environment: EnvironmentConfig;
    outside: readonly NamedDefinition[];
    started?: StartedOperations | undefined;
  },
): Promise<Plan> {
  const operations = context.config.operations;
  if (operations === undefined || plan.refreshOnly === true) return plan;
  const sources = plannedSources(plan, context, context.outside);
  const started = context.started ?? startOperations(host, context.config.rootDir, operations.documents, hintOf(context.declarations));
  try {
    const report = await started.report(
      { ...sources, optional: context.outside.map((o) => o.id), itemFields: servedItemFields(context.environment) },
      operations.failOn,
    );
    return { ...plan, operations: report };
  } finally {
    if (context.started === undefined) await started.close();
  }
}

/** The operations check begun for a project that names frontend documents, unless the plan will not check them (refresh-only). */
export function startOperationsFor(
  host: WorkflowHost,
  project: { config: ResolvedConfig; declarations: readonly NamedDefinition[] },
  refreshOnly: boolean,
): StartedOperations | undefined {
  const operations = project.config.operations;
  return operations === undefined || refreshOnly
    ? undefined
    : startOperations(host, project.config.rootDir, operations.documents, hintOf(project.declarations));
}

/** What of the declarations the early start's hint is made of: each source's id and definition. */
export function hintOf(declarations: readonly NamedDefinition[]): NamedDefinition[] {
  return declarations.map(({ id, definition }) => ({ id, definition }));
}

/** `check-operations`: which config, environment and (instead of the config's) documents. */
export interface CheckOperationsInput extends ProjectSelection {
  /** Patterns relative to the config's folder, instead of `operations.documents`. */
  documents?: readonly string[];
}

/**
 * `graphform check-operations`: the frontends' operations against the schema today's
 * declarations give, offline (no service, no state), for a frontend repository's own CI.
 * The declarations must be valid (InvalidDeclarationsError otherwise).
 */
export async function checkOperationsNow(input: CheckOperationsInput, host: WorkflowHost): Promise<{ report: OperationsReport; config: ResolvedConfig }> {
  const config = await configFor(input, host);
  const documents = input.documents !== undefined && input.documents.length > 0 ? [...input.documents] : config.operations?.documents;
  if (documents === undefined) {
    throw new GraphformError(
      'GF_USAGE',
      'There are no frontend documents to check: the config has no operations: block, and no document patterns were given.',
      {
        hint: 'Add operations: {documents: ["web/src/**/*.graphql", "web/src/**/*.{ts,tsx}"]} to the config, or give `documents` (patterns).',
      },
    );
  }
  const project = await loadValidProject(host, config, undefined);
  const started = startOperations(host, config.rootDir, documents, hintOf(project.declarations));
  try {
    const after = hintOf(project.declarations);
    const report = await started.report(
      { before: undefined, after, optional: [], itemFields: servedItemFields(offlineEnvironment(config, input.environment)) },
      config.operations?.failOn ?? 'broken',
    );
    return { report, config };
  } finally {
    await started.close();
  }
}
