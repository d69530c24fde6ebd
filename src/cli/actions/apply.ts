import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyPlan, pendingAdoptions } from '../../apply/apply-plan.js';
import type { ApplyResult } from '../../apply/types.js';
import { repushDeclaredData } from '../../data/repush.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { hashDeclarations } from '../../model/hash.js';
import { checkPlanFreshness, stalePlanError } from '../../plan/freshness.js';
import { parsePlanFile } from '../../plan/plan-file.js';
import { dataLossSources, hasChanges } from '../../plan/policy.js';
import type { Plan } from '../../plan/types.js';
import { renderApplyEvent, renderApplySummary } from '../../render/apply-text.js';
import { emptyState } from '../../state/state.js';
import { withStateLock } from '../../state/with-lock.js';
import type { State } from '../../state/types.js';
import { TOOL_VERSION } from '../../version.js';
import type { CommandContext } from '../context.js';
import type { LoadedProject } from '../load-project.js';
import { openEnvironment, type OpenedEnvironment } from '../open-environment.js';
import { planOptionsFrom, type PlanFlags } from '../plan-options.js';
import { loadValidProject, makePlan, refreshIds, refreshRemote } from '../planning.js';
import { declaredDataIsValid } from '../check-declared-data.js';
import { canPrompt, confirm } from '../prompt.js';
import { renderPlanFor } from '../render-plan.js';
import { clock, stateBackendFor } from '../runtime.js';

export interface ApplyFlags extends PlanFlags {
  allowDataLoss?: boolean;
  yes?: boolean;
  parallelism: string;
  lockTimeout?: string;
}


export async function apply(ctx: CommandContext, planfile: string | undefined, flags: ApplyFlags): Promise<number> {
  const parallelism = positiveInt(flags.parallelism, '--parallelism');
  const env = await ctx.environment();
  const stateConfig = flags.lockTimeout === undefined ? env.state : { ...env.state, lockTimeoutMs: nonNegativeInt(flags.lockTimeout, '--lock-timeout') };
  const backend = stateBackendFor(ctx, { ...env, state: stateConfig });
  return withStateLock(backend, planfile === undefined ? 'apply' : `apply ${planfile}`, async () => {
    let opened: OpenedEnvironment | undefined;
    try {
      const state = await backend.read();
      const project = await loadValidProject(ctx, state);
      opened = await openEnvironment(ctx, project.config, env);
      const plan = planfile === undefined
        ? await freshPlan(ctx, flags, project, state, opened, env.name, env.refresh && flags.refresh)
        : await savedPlan(ctx, planfile, project, state, env.name);
      ctx.out(renderPlanFor(ctx, plan, flags.diff === true));
      const changes = hasChanges(plan);
      if (!changes && pendingAdoptions(plan, state, project.declarations).length === 0) return 0;

      const losing = dataLossSources(plan);
      if (losing.length > 0 && flags.allowDataLoss !== true) {
        ctx.err(ctx.colorErr().red.bold(`Refusing to apply: this plan deletes the items of ${losing.map((s) => s.id).join(', ')}. Nothing was sent.`));
        ctx.err('Review the plan above. If the deletion is intended, run again with --allow-data-loss; items from declared data: files are pushed again afterwards, any others must be pushed again by you.');
        return 3;
      }
      if (!(await declaredDataIsValid(ctx, plan, project))) {
        ctx.err('Nothing was sent. Fix the data files (`graphform data validate <source>` checks them), then apply again.');
        return 1;
      }
      if (changes && planfile === undefined && flags.yes !== true && !(await approved(ctx, opened.description))) {
        ctx.err('Apply cancelled. Nothing was sent.');
        return 1;
      }

      const c = ctx.color();
      const client = opened.client;
      const result: ApplyResult = await applyPlan({
        plan,
        client,
        declarations: project.declarations,
        state: state ?? emptyState(randomUUID()),
        writeState: (next: State) => backend.write(next),
        now: clock(ctx),
        toolVersion: TOOL_VERSION,
        parallelism,
        repushData: (declaration) => repushDeclaredData({ client, declaration, config: project.config.data, cwd: ctx.io.cwd }),
        onEvent: (event) => {
          const line = renderApplyEvent(event, c);
          if (line !== '') ctx.out(line);
        },
      });
      ctx.out(renderApplySummary(result, c));
      return result.ok ? 0 : 1;
    } finally {
      await opened?.close();
    }
  });
}

async function freshPlan(
  ctx: CommandContext,
  flags: ApplyFlags,
  project: LoadedProject,
  state: State | undefined,
  opened: OpenedEnvironment,
  environment: string,
  refresh: boolean,
): Promise<Plan> {
  const options = planOptionsFrom(flags, environment);
  const warn = (line: string): void => ctx.err(ctx.colorErr().yellow(`warning: ${line}`));
  const remote = refresh ? await refreshRemote(opened.client, refreshIds(project, state, options.targets), new Set(Object.keys(state?.sources ?? {})), warn) : {};
  return makePlan(ctx, { project, state, remote, options });
}

async function savedPlan(ctx: CommandContext, planfile: string, project: LoadedProject, state: State | undefined, environment: string): Promise<Plan> {
  let text: string;
  try {
    text = await readFile(path.resolve(ctx.io.cwd, planfile), 'utf8');
  } catch (error) {
    throw new GraphformError('GF_PLAN_FILE_UNREADABLE', `Cannot read the plan file ${planfile}: ${(error as Error).message}`, {
      hint: 'Save one with `graphform plan --out FILE`.',
    });
  }
  const plan = parsePlanFile(text, planfile);
  const freshness = checkPlanFreshness(plan, { state, desiredHash: hashDeclarations(project.declarations), environment });
  if (!freshness.fresh) throw stalePlanError(planfile, freshness.reasons);
  return plan;
}

async function approved(ctx: CommandContext, target: string): Promise<boolean> {
  if (!canPrompt(ctx.io)) {
    throw new GraphformError('GF_CONFIRMATION_REQUIRED', 'apply needs confirmation, and there is no terminal to ask on. Nothing was sent.', {
      hint: 'Review the plan, then run again with --yes (pipelines), or apply a reviewed plan file: graphform plan --out plan.json && graphform apply plan.json',
    });
  }
  return confirm(ctx.io, `Do you want to apply these changes to ${target}?`);
}

function positiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new GraphformError('GF_USAGE', `${flag} takes a whole number of at least 1, not "${value}".`);
  return n;
}

function nonNegativeInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new GraphformError('GF_USAGE', `${flag} takes a whole number of milliseconds, not "${value}".`);
  return n;
}
