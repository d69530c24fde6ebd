import type { RemoteDefinition, SourceInfo } from '../../src/graph/types.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import type { Plan, PlanOptions } from '../../src/plan/types.js';
import type { SourceDeclaration, SourceDefinition } from '../../src/model/types.js';
import { emptyState, stateEntry, withSource } from '../../src/state/state.js';
import type { State } from '../../src/state/types.js';

/** The example source of DESIGN.md section 3, with a Color property to change. */
export function shop(): SourceDefinition {
  return {
    label: 'Shop catalogue',
    languages: ['en', 'sv'],
    propertyTypes: {
      Dimensions: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } },
    },
    contentTypes: {
      Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true } } },
      Product: {
        contentType: ['Item'],
        properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Color: { type: 'String' } },
      },
    },
  };
}

/** A copy of `definition` changed by `change`. */
export function edit(definition: SourceDefinition, change: (d: SourceDefinition) => void): SourceDefinition {
  const copy = structuredClone(definition);
  change(copy);
  return copy;
}

export function declaration(id: string, definition: SourceDefinition, data: string[] = []): SourceDeclaration {
  return { id, definition, data, file: `content-sources/${id}.yaml` };
}

export const LINEAGE = '6f1c2a8e-3b7d-4e2f-9a10-5c4d3e2b1a00';

export function stateOf(sources: Readonly<Record<string, SourceDefinition>>, lineage = LINEAGE): State {
  let state = emptyState(lineage);
  for (const [id, definition] of Object.entries(sources)) state = withSource(state, id, stateEntry(definition, '2026-11-21T09:00:00.000Z', '0.1.0'));
  return state;
}

export interface PlanCase {
  applied?: Record<string, SourceDefinition>;
  declared?: SourceDeclaration[];
  remote?: Record<string, RemoteDefinition>;
  account?: SourceInfo[];
  options?: Partial<PlanOptions>;
  noState?: boolean;
}

export function planOf(c: PlanCase): Plan {
  return buildPlan({
    environment: 'test',
    state: c.noState === true ? undefined : stateOf(c.applied ?? {}),
    declarations: c.declared ?? [],
    remote: c.remote ?? {},
    ...(c.account === undefined ? {} : { account: c.account }),
    options: { prune: false, strategy: 'auto', targets: undefined, ...c.options },
    createdAt: '2026-11-22T10:00:00.000Z',
    tool: { name: 'graphform', version: '0.1.0' },
    diagnostics: [],
  });
}
