import { randomUUID } from 'node:crypto';
import { GraphformError } from '../../diagnostics/errors.js';
import type { RemoteDefinition } from '../../graph/types.js';
import { refreshedSources, refreshOnlyPlan } from '../../plan/refresh-only.js';
import { TOOL_VERSION } from '../../version.js';
import type { ApplyInput, Locked } from '../apply-input.js';
import type { ApplyReport } from '../apply-report.js';
import type { WorkflowHost } from '../host.js';
import { planOptions } from '../plan.js';
import { recordRefreshed } from './refresh-only.js';
import { checkSavedPlan, type Replan } from './saved-plan.js';

/**
 * `apply --refresh-only` (or a refresh-only plan file): records in state what the service
 * holds for each source changed outside graphform; sends nothing to the service.
 */
export async function applyRefreshOnly(
  host: WorkflowHost,
  input: ApplyInput,
  context: Locked,
  replan: Replan,
  remoteNow: () => Readonly<Record<string, RemoteDefinition>>,
): Promise<ApplyReport> {
  const { project, state, environment, saved } = context;
  if (!(environment.refresh && input.refresh !== false)) {
    throw new GraphformError('GF_USAGE', '--refresh-only reads what the service holds, and refresh is off.', {
      hint: 'Leave out `refresh: false` (or set refresh: true for the environment).',
    });
  }
  const plan =
    saved === undefined
      ? refreshOnlyPlan(await replan(planOptions(input, environment)))
      : await checkSavedPlan(saved, { project, state, environment: environment.name }, replan);
  // A saved plan was made from the service as it was: read it again now, so state records what it holds.
  if (saved !== undefined) await replan(planOptions(input, environment));
  input.onPlan?.(plan);
  const ids = refreshedSources(plan);
  if (ids.length === 0) return { plan, applied: false, ok: true, outcomes: [] };
  if (saved === undefined && input.confirm !== undefined && !(await input.confirm(plan)))
    return { plan, applied: false, refused: 'cancelled', ok: false, outcomes: [] };
  const recorded = recordRefreshed({ plan, state, remote: remoteNow(), now: host.now(), toolVersion: TOOL_VERSION, newLineage: () => randomUUID() });
  if (recorded.state !== undefined) {
    await context.writeState(recorded.state);
    await context.flush();
  }
  return { plan, applied: true, ok: true, outcomes: recorded.outcomes };
}
