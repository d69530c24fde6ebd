import type { EnvironmentConfig, ResolvedConfig } from '../../config/types.js';
import type { ItemField } from '../../emulator/types.js';
import type { ImpactInput } from '../../graphql-impact/attach.js';
import { wireDefinition } from '../../model/wire.js';
import type { CheckSchema } from '../../operations/check.js';
import { plannedSources, type NamedDefinition } from '../../operations/planned-sources.js';
import type { OperationChange, OperationsConfig, OperationsReport } from '../../operations/types.js';
import type { Plan } from '../../plan/types.js';
import type { WorkflowHost } from '../host.js';
import { readDocuments } from './operation-documents.js';
import { servedItemFields } from './served-item-fields.js';

/**
 * The plan with the frontends' operations checked against the schema served after it is
 * applied (`plan.operations`), when the config names them; the plan as it is otherwise, and
 * then neither graphql nor the tag extractor is loaded. `outside`: the definitions of the
 * sources graphform does not manage (the CMS's own among them), as the account read found them.
 */
export async function withOperations(
  host: WorkflowHost,
  plan: Plan,
  context: ImpactInput & { config: ResolvedConfig; environment: EnvironmentConfig; outside: readonly NamedDefinition[] },
): Promise<Plan> {
  const operations = context.config.operations;
  if (operations === undefined || plan.refreshOnly === true) return plan;
  const sources = plannedSources(plan, context, context.outside);
  const outside = new Set(context.outside.map((o) => o.id));
  const report = await operationsReport(host, context.config.rootDir, operations, {
    ...sources,
    optional: outside,
    itemFields: servedItemFields(context.environment),
  });
  return { ...plan, operations: report };
}

/**
 * The documents read and every operation checked against `after`, each change from
 * `before` to it that the operation reads named. Sources graphform does not manage are
 * left out when the schema does not build with them: their types are known only in part.
 */
export async function operationsReport(
  host: WorkflowHost,
  rootDir: string,
  config: OperationsConfig,
  sources: {
    before: readonly NamedDefinition[] | undefined;
    after: readonly NamedDefinition[];
    optional?: ReadonlySet<string>;
    itemFields: readonly ItemField[];
  },
): Promise<OperationsReport> {
  const read = await readDocuments(config.documents, rootDir, host.cwd);
  const [{ checkDocuments }, { servedChanges }] = await Promise.all([import('../../operations/check.js'), import('../../operations/schema-changes.js')]);
  const optional = sources.optional ?? new Set<string>();
  const after = await schemaOf(sources.after, optional, sources.itemFields);
  // A plan that changes no definition changes no schema: nothing to compare (nor the inspector to load).
  const same = sources.before !== undefined && JSON.stringify(sources.before) === JSON.stringify(sources.after);
  const before = sources.before === undefined || same ? undefined : await schemaOf(sources.before, optional, sources.itemFields);
  const changes: OperationChange[] = after.ok && before?.ok === true ? await servedChanges(before.schema, after.schema) : [];
  const checked = checkDocuments(read.documents, after, changes);
  const counts = { broken: 0, affected: 0, unaffected: 0 };
  for (const operation of checked.operations) counts[operation.status] += 1;
  return {
    failOn: config.failOn,
    files: read.files,
    counts,
    operations: checked.operations,
    diagnostics: [...read.diagnostics, ...checked.diagnostics],
    ...(after.ok ? {} : { schemaProblems: after.problems }),
  };
}

/** The schema the emulator would serve for these definitions (its own builder), loaded with graphql on first use. */
async function schemaOf(sources: readonly NamedDefinition[], optional: ReadonlySet<string>, itemFields: readonly ItemField[]): Promise<CheckSchema> {
  const { servedSchema } = await import('../../emulator/graphql/served-schema.js');
  const build = (some: readonly NamedDefinition[]): CheckSchema =>
    servedSchema(
      some.map(({ id, definition }) => ({ id, definition: wireDefinition(definition) })),
      itemFields,
    );
  const whole = build(sources);
  if (whole.ok || !sources.some((s) => optional.has(s.id))) return whole;
  const own = build(sources.filter((s) => !optional.has(s.id)));
  return own.ok ? own : whole;
}
