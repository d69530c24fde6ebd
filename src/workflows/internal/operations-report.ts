import type { EnvironmentConfig, ResolvedConfig } from '../../config/types.js';
import type { ImpactInput } from '../../graphql-impact/attach.js';
import { configPatterns } from '../../operations/document-patterns.js';
import { plannedSources, type NamedDefinition } from '../../operations/planned-sources.js';
import type { Plan } from '../../plan/types.js';
import type { WorkflowHost } from '../host.js';
import type { CheckInputs } from './operations-check-types.js';
import { startOperations, type StartedOperations } from './operations-start.js';
import { servedItemFields } from './served-item-fields.js';

/** What the operations check is given beside the plan: the sources outside graphform, and the check begun early. */
export type OperationsContext = ImpactInput & {
  config: ResolvedConfig;
  environment: EnvironmentConfig;
  outside: readonly NamedDefinition[];
  started?: StartedOperations | undefined;
};

/**
 * The plan with the frontends' operations checked against the schema served after it is
 * applied (`plan.operations`), when the config names them; the plan as it is otherwise, and
 * then neither graphql nor the tag extractor is loaded. `outside`: the definitions of the
 * sources graphform does not manage (the CMS's own among them), as the account read found them.
 * `started`: the check begun early (startOperations), which the caller closes; absent, it begins here.
 */
export async function withOperations(host: WorkflowHost, plan: Plan, context: OperationsContext): Promise<Plan> {
  const operations = context.config.operations;
  if (operations === undefined || plan.refreshOnly === true) return plan;
  const started = context.started ?? startOperations(host, context.config.rootDir, configPatterns(operations), hintOf(context.declarations));
  try {
    const report = await started.report(operationsInputs(plan, context), operations.failOn);
    return { ...plan, operations: report };
  } finally {
    if (context.started === undefined) await started.close();
  }
}

/**
 * Tells the check begun early what the plan, as soon as it is made, says the schema inputs
 * are, so it checks while the plan's later steps (counting, the data checks) run. The report
 * takes that outcome when the finished plan's inputs are the same, and checks again when not.
 */
export function expectOperations(plan: Plan, context: OperationsContext): void {
  // Begun only for a config that names documents and a plan that is not refresh-only (startOperationsFor).
  context.started?.expect(operationsInputs(plan, context));
}

function operationsInputs(plan: Plan, context: OperationsContext): CheckInputs {
  return { ...plannedSources(plan, context, context.outside), optional: context.outside.map((o) => o.id), itemFields: servedItemFields(context.environment) };
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
    : startOperations(host, project.config.rootDir, configPatterns(operations), hintOf(project.declarations));
}

/** What of the declarations the early start's hint is made of: each source's id and definition. */
export function hintOf(declarations: readonly NamedDefinition[]): NamedDefinition[] {
  return declarations.map(({ id, definition }) => ({ id, definition }));
}
