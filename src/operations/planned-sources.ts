import { applied, type ImpactInput } from '../graphql-impact/attach.js';
import type { SourceDefinition } from '../model/types.js';
import type { Plan } from '../plan/types.js';

export interface NamedDefinition {
  id: string;
  definition: SourceDefinition;
}

/** The sources the endpoint serves now and after the apply. */
export interface PlannedSources {
  before: NamedDefinition[];
  after: NamedDefinition[];
}

/**
 * What the content GraphQL endpoint is made of before and after the plan is applied. Before:
 * each source as the service holds it (GET types, else state). After: a planned source as
 * declared, none for one being deleted, and every other (an orphan left alone, a source
 * `--source` left out) as it is now. Sources outside graphform (the CMS's own, others of the
 * account) are served unchanged, as far as the account read knew them.
 */
export function plannedSources(plan: Plan, input: ImpactInput, outside: readonly NamedDefinition[]): PlannedSources {
  const planned = new Map(plan.sources.map((source) => [source.id, source]));
  const ids = [...new Set([...input.declarations.map((d) => d.id), ...Object.keys(input.state?.sources ?? {}), ...plan.sources.map((s) => s.id)])].sort();
  const before: NamedDefinition[] = [];
  const after: NamedDefinition[] = [];
  for (const id of ids) {
    const now = applied(id, input);
    if (now !== undefined) before.push({ id, definition: now });
    const source = planned.get(id);
    const declared = input.declarations.find((d) => d.id === id)?.definition;
    const next = source === undefined || source.action === 'orphan' ? now : source.action === 'delete' ? undefined : (declared ?? now);
    if (next !== undefined) after.push({ id, definition: next });
  }
  const managed = new Set(ids);
  const others = outside.filter((o) => !managed.has(o.id));
  return { before: [...before, ...others], after: [...after, ...others] };
}

/** Today's declarations alone, as `check-operations` checks against them. */
export function declaredSources(declarations: readonly NamedDefinition[]): NamedDefinition[] {
  return [...declarations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map(({ id, definition }) => ({ id, definition }));
}
