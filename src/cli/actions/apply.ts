import { breakingChangesError } from '../../graphql-impact/policy.js';
import { unservedCount } from '../../keep/unserved-values.js';
import { operationsError } from '../../operations/policy.js';
import { itemsLostBy } from '../../plan/items-lost.js';
import type { Plan, PlanSource } from '../../plan/types.js';
import { renderApplyEvent, renderApplySummary } from '../../render/apply-text.js';
import { deleteCountLines } from '../../render/delete-count.js';
import { escapeControl } from '../../render/escape-control.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { apply as applyWorkflow, type ApplyReport } from '../../workflows/apply.js';
import { blockedKeepError } from '../../keep/keep-blocked.js';
import { targetName } from '../../workflows/internal/open-environment.js';
import type { CommandContext } from '../context.js';
import { parseIntFlag } from '../int-flag.js';
import { exitCodeAfter, noInterrupts } from '../interrupts.js';
import { planInputFrom, planShapingFlags, type PlanFlags } from '../plan-options.js';
import { canPrompt, confirm } from '../prompt.js';
import { renderError } from '../render-error.js';
import { renderPlanFor } from '../render-plan.js';
import { waitLines } from '../wait-lines.js';
import { reportInvalidData } from '../report-invalid-data.js';
import { workflowHostFor } from '../workflow-host.js';

export interface ApplyFlags extends PlanFlags {
  allowDataLoss?: boolean;
  yes?: boolean;
  parallelism: string;
  lockTimeout?: string;
  /** false with `--no-verify`: writes are not read back. */
  verify?: boolean;
  /** false with `--no-wait`: the re-push does not wait for GraphQL. */
  wait?: boolean;
}

/** What `apply --format json` prints: one document, whatever happened. */
interface ApplyDocument {
  plan: Plan;
  applied: boolean;
  refused?: 'data-loss' | 'invalid-data' | 'cancelled' | 'interrupted' | 'graphql-breaking' | 'operations-failing' | 'conversion-failed';
  ok: boolean;
  outcomes: ApplyReport['outcomes'];
  /** Sources whose state still records a pending re-push when apply ended. */
  pending?: string[];
}

/** `news (3 items)`, or the id alone when the keep step could not count. */
function losingText(source: PlanSource): string {
  const lost = itemsLostBy(source);
  // Values of a property the service does not serve are lost with every item kept.
  const values = unservedCount(source.keep);
  // A delete or wipe of a source empty when planned loses whatever is pushed to it before apply runs: still refused, said so.
  if (lost === 0 && values === 0) return `${source.id} (no items when planned; any pushed before the apply would go)`;
  const parts = [
    ...(lost === undefined || (lost === 0 && values > 0) ? [] : [`${lost} item${lost === 1 ? '' : 's'}`]),
    ...(values > 0 ? [`the values of ${values} item${values === 1 ? '' : 's'}`] : []),
  ];
  return parts.length === 0 ? source.id : `${source.id} (${parts.join(' and ')})`;
}

export async function apply(ctx: CommandContext, planfile: string | undefined, flags: ApplyFlags): Promise<number> {
  const shaping = planfile === undefined ? [] : planShapingFlags(flags);
  if (shaping.length > 0) {
    throw new GraphformError(
      'GF_USAGE',
      `${shaping.join(', ')} cannot be used with a plan file: apply takes ${planfile} as it was saved, and would ignore ${shaping.length === 1 ? 'it' : 'them'}.`,
      {
        hint: `Give ${shaping.length === 1 ? 'it' : 'them'} to \`graphform plan --out FILE\` and apply that file, or run \`graphform apply\` without a file to plan and apply at once.`,
      },
    );
  }
  const parallelism = parseIntFlag(flags.parallelism, '--parallelism', { min: 1 });
  const env = await ctx.environment();
  const lockTimeoutMs = flags.lockTimeout === undefined ? undefined : parseIntFlag(flags.lockTimeout, '--lock-timeout', { min: 0 });
  const json = ctx.globals().format === 'json';
  // In JSON mode stdout holds one document; progress goes to stderr.
  const progress = (line: string): void => (json ? ctx.err(line) : ctx.out(line));
  const c = json ? ctx.colorErr() : ctx.color();
  const waiting = waitLines(json ? ctx.io.stderr : ctx.io.stdout);
  const trap = ctx.io.trapInterrupts?.() ?? noInterrupts();
  try {
    const report = await applyWorkflow(
      {
        config: await ctx.loadConfig(),
        environment: env.name,
        ...planInputFrom(flags),
        ...(planfile === undefined ? {} : { planFile: planfile }),
        allowDataLoss: flags.allowDataLoss === true,
        parallelism,
        ...(lockTimeoutMs === undefined ? {} : { lockTimeoutMs }),
        verify: flags.verify !== false,
        wait: flags.wait !== false,
        onPlan: (plan) => {
          if (!json) ctx.out(renderPlanFor(ctx, plan, flags.diff === true, flags.allowDataLoss === true));
        },
        ...(flags.yes === true ? {} : { confirm: (plan: Plan) => approved(ctx, targetName(env), deleteCountLines(plan)) }),
        onEvent: (event) => {
          const line = renderApplyEvent(event, c);
          if (line === '') return;
          if (event.type === 'schema-waiting' || event.type === 'served-waiting') return waiting.update(line);
          waiting.end();
          progress(line);
        },
      },
      workflowHostFor(ctx, trap.signal),
    );
    waiting.end();
    const finish = (refused: ApplyDocument['refused'], code: number): number => {
      const document: ApplyDocument = {
        plan: report.plan,
        applied: report.applied,
        ...(refused === undefined ? {} : { refused }),
        ok: report.ok,
        outcomes: report.outcomes,
        ...(report.pending === undefined ? {} : { pending: report.pending }),
      };
      if (json) ctx.out(JSON.stringify(document, null, 2));
      return code;
    };
    switch (report.refused) {
      case undefined:
        if (report.plan.refreshOnly === true && report.applied) {
          progress(
            `Recorded in state what the service holds for ${report.outcomes.map((o) => o.id).join(', ')}; ` +
              `nothing was sent to the service. \`graphform import <id> --out FILE\` writes it into a declaration.`,
          );
        }
        if (report.result === undefined) return finish(undefined, 0);
        progress(renderApplySummary(report.result, c));
        return finish(undefined, exitCodeAfter(trap, report.ok ? 0 : 1));
      case 'graphql-breaking':
        ctx.err(renderError(breakingChangesError(report.breaking ?? [], 'applied'), { verbose: ctx.globals().verbose, color: ctx.colorErr() }));
        return finish('graphql-breaking', 1);
      case 'operations-failing':
        ctx.err(
          renderError(operationsError(report.failing ?? { operations: [], documents: [] }, report.plan.operations?.failOn ?? 'broken', 'applied'), {
            verbose: ctx.globals().verbose,
            color: ctx.colorErr(),
          }),
        );
        return finish('operations-failing', 1);
      case 'data-loss':
        ctx.err(ctx.colorErr().red.bold(`Refusing to apply: this plan loses items of ${(report.losing ?? []).map(losingText).join(', ')}. Nothing was sent.`));
        ctx.err(
          'Review the plan: it lists which items are lost and why. If that is intended, run again with --allow-data-loss; ' +
            'every item the keep step can carry over and every item of the declared data: files is pushed again afterwards.',
        );
        return finish('data-loss', 3);
      case 'invalid-data':
        reportInvalidData(ctx, report.invalidData ?? []);
        ctx.err('Nothing was sent. Fix the data files (`graphform data validate <source>` checks them), then apply again.');
        return finish('invalid-data', 1);
      case 'conversion-failed':
        ctx.err(renderError(blockedKeepError(report.blocked ?? []), { verbose: ctx.globals().verbose, color: ctx.colorErr() }));
        return finish('conversion-failed', 1);
      case 'cancelled':
        ctx.err('Apply cancelled. Nothing was sent.');
        return finish('cancelled', 1);
      case 'interrupted':
        ctx.err('Interrupted before anything was sent. Nothing was sent.');
        return finish('interrupted', exitCodeAfter(trap, 1));
      default: {
        const never: never = report.refused;
        return never;
      }
    }
  } finally {
    trap.release();
  }
}

async function approved(ctx: CommandContext, target: string, deletes: readonly string[]): Promise<boolean> {
  if (!canPrompt(ctx.io)) {
    throw new GraphformError('GF_CONFIRMATION_REQUIRED', 'apply needs confirmation, and there is no terminal to ask on. Nothing was sent.', {
      hint:
        'Review the plan, then run again with --yes (pipelines), or apply a reviewed plan file: ' +
        '`graphform plan --out plan.json` then `graphform apply plan.json`',
    });
  }
  const question = `Do you want to apply these changes to ${target}?`;
  return confirm(ctx.io, deletes.length === 0 ? question : `${question}\n  ${deletes.map(escapeControl).join('\n  ')}`);
}
