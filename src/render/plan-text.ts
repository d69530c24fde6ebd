import type { ChalkInstance } from 'chalk';
import type { PlanAction, Plan, PlanSource } from '../plan/types.js';
import { escapeControl as e } from './escape-control.js';
import { graphqlBreakingLine, graphqlImpactLines } from './graphql-impact-text.js';
import { deleteCountSuffix } from './delete-count.js';
import { dataCheckLines } from './plan-data-check.js';
import { changeLine, type ChangeSymbol } from './plan-change-line.js';
import { ACTION_SYMBOLS, ACTION_TITLES, isEmpty, isWarning, NO_CHANGES, requestsLine, summaryLine, unmanagedLine, visibleSources } from './plan-labels.js';
import { requestBodyDiffs } from './request-body-diff.js';

export interface PlanTextOptions {
  color: ChalkInstance;
  /** Show a unified diff of each request body against the applied definition. */
  showDiff: boolean;
  /** apply with --allow-data-loss: the banner says the deletion was allowed, not how to allow it. */
  dataLossAllowed?: boolean;
}

/**
 * The plan for a terminal: Terraform-like symbols, one block per source, data loss in a red
 * banner. Every string that comes from the user's files, the state or the service goes
 * through `e` (escapeControl) before it is coloured, so it cannot drive the terminal.
 */
export function renderPlanText(plan: Plan, options: PlanTextOptions): string {
  const c = options.color;
  const lines: string[] = [header(plan), ''];
  const shown = visibleSources(plan);

  for (const source of shown) {
    const paint = actionColors(c)[source.action];
    const request = source.requests.length === 0 ? '' : c.dim(` via ${e(requestsLine(source))}`);
    lines.push(`${paint(ACTION_SYMBOLS[source.action].padStart(3))} ${c.bold(e(source.id))} ${paint(ACTION_TITLES[source.action])}${request}`);
    for (const change of source.changes) {
      const { symbol, text } = changeLine(change);
      lines.push(`      ${symbolColors(c)[symbol](symbol)} ${e(text)}`);
    }
    for (const reason of source.reasons) lines.push(`      ${isWarning(reason) ? c.yellow(e(reason)) : c.dim(`# ${e(reason)}`)}`);
    lines.push(...dataCheckLines(source, c));
    lines.push(...graphqlImpactLines(source, c));
    if (options.showDiff) lines.push(...bodyDiff(source, c));
    lines.push('');
  }

  if (plan.unmanaged.length > 0) {
    lines.push(c.bold('Unmanaged sources in the account (neither declared nor in state; left untouched):'));
    for (const source of plan.unmanaged) lines.push(`      ${c.cyan('?')} ${e(unmanagedLine(source))}`);
    lines.push('');
  }
  lines.push(isEmpty(plan) ? c.green(NO_CHANGES) : c.bold(summaryLine(plan)));
  const breaking = graphqlBreakingLine(plan);
  if (breaking !== undefined) lines.push(c.red(e(breaking)));
  if (plan.diagnostics.length > 0) {
    lines.push('', c.bold('Diagnostics:'));
    for (const d of plan.diagnostics) {
      const paint = d.severity === 'error' ? c.red : c.yellow;
      lines.push(`  ${e(d.file)}:${d.line}:${d.column} ${paint(`${d.severity} ${d.code}`)} ${e(d.message)}`);
    }
  }
  if (plan.summary.dataLoss) lines.push('', ...dataLossBanner(plan, c, options.dataLossAllowed === true));
  return `${lines.join('\n')}\n`;
}

function header(plan: Plan): string {
  const state = plan.state === null ? 'no state yet' : `state serial ${plan.state.serial}, lineage ${plan.state.lineage}`;
  return e(`graphform plan for environment ${plan.environment} (${state})`);
}

function bodyDiff(source: PlanSource, c: ChalkInstance): string[] {
  return requestBodyDiffs(source).flatMap(({ patch }) => patch
    .trimEnd()
    .split('\n')
    .map(e)
    .map((line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return `      ${c.bold(line)}`;
      if (line.startsWith('+')) return `      ${c.green(line)}`;
      if (line.startsWith('-')) return `      ${c.red(line)}`;
      return `      ${line.startsWith('@@') ? c.cyan(line) : line}`;
    }));
}

/** Impossible to miss: every source and the languages whose items go, and the flag it takes. */
function dataLossBanner(plan: Plan, c: ChalkInstance, allowed: boolean): string[] {
  const rule = '!'.repeat(78);
  const body = [
    '!! DATA LOSS: applying this plan DELETES CONTENT ITEMS',
    '!!',
    ...plan.sources.filter((s) => s.dataLoss).map((s) => `!!   ${ACTION_SYMBOLS[s.action]} ${e(s.id)}: ${e(s.reasons[0] ?? 'deletes items')}${e(deleteCountSuffix(s))}`),
    '!!',
    allowed
      ? '!! DATA LOSS WAS ALLOWED with --allow-data-loss: these items are deleted as the plan is applied.'
      : '!! Applying it needs --allow-data-loss; without it graphform apply sends nothing.',
  ];
  return [rule, ...body, rule].map((line) => c.red.bold(line));
}

function actionColors(c: ChalkInstance): Record<PlanAction, ChalkInstance> {
  return { create: c.green, partial: c.yellow, full: c.red, delete: c.red, orphan: c.magenta, none: c.dim };
}

function symbolColors(c: ChalkInstance): Record<ChangeSymbol, ChalkInstance> {
  return { '+': c.green, '-': c.red, '~': c.yellow };
}
