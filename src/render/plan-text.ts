import { diagnosticPlace } from '../diagnostics/diagnostic.js';
import { PLAIN, type Painter, type Tint } from './painter.js';
import type { PlanAction, Plan, PlanSource } from '../plan/types.js';
import { escapeControl as e } from './escape-control.js';
import { graphqlBreakingLine, graphqlImpactLines } from './graphql-impact-text.js';
import { operationsLines } from './operations-text.js';
import { keepLossLine, lossLine } from './delete-count.js';
import { dataCheckLines } from './plan-data-check.js';
import { dataChangesLines } from './data-changes.js';
import { hasDataChanges } from '../plan/policy.js';
import type { ChangeSymbol } from './plan-change-line.js';
import { outsideChanges, outsideNote, OUTSIDE_HEADING } from './outside-changes.js';
import { sourceChangeLines } from './source-change-lines.js';
import { KEEP_NUMERIC_COLUMNS, keepView, type KeepTone } from './keep-account.js';
import { BLOCKED_REMEDY, blockedSourceIds, keepsEveryItem, planHasKeep, refillNote } from './plan-keep-totals.js';
import {
  ACTION_SYMBOLS,
  ACTION_TITLES,
  isEmpty,
  isWarning,
  noChangesLine,
  recordsOnly,
  refreshOnlyLine,
  requestsLine,
  summaryLine,
  unmanagedLine,
  visibleSources,
} from './plan-labels.js';
import { requestBodyDiffs } from './request-body-diff.js';

export interface PlanTextOptions {
  /** Colours, such as a chalk instance; default none (PLAIN). */
  color?: Painter;
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
  const c = options.color ?? PLAIN;
  const lines: string[] = [header(plan), ''];
  const shown = visibleSources(plan);
  const outside = outsideChanges(plan);
  if (outside.length > 0) {
    lines.push(c.yellow.bold(`${OUTSIDE_HEADING}:`));
    for (const source of outside) {
      lines.push(`  ${c.bold(e(source.id))}`);
      for (const { symbol, text } of source.lines) lines.push(`      ${symbolColors(c)[symbol](symbol)} ${e(text)}`);
    }
    lines.push(c.dim(outsideNote(plan)), '');
  }

  for (const source of shown) {
    const paint = actionColors(c)[source.action];
    const request = source.requests.length === 0 ? '' : c.dim(` via ${e(requestsLine(source))}`);
    const symbol = source.action === 'none' && hasDataChanges(source) ? '~' : ACTION_SYMBOLS[source.action];
    lines.push(`${paint(symbol.padStart(3))} ${c.bold(e(source.id))} ${paint(actionTitle(source))}${request}`);
    // A source the service already holds as declared sends nothing: its difference from state is no change to the service.
    if (!recordsOnly(source)) for (const { symbol, text } of sourceChangeLines(source)) lines.push(`      ${symbolColors(c)[symbol](symbol)} ${e(text)}`);
    for (const reason of source.reasons) lines.push(`      ${isWarning(reason) ? c.yellow(e(reason)) : c.dim(`# ${e(reason)}`)}`);
    lines.push(...keepLines(source, c));
    lines.push(...dataChangesLines(source, c));
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
  if (plan.operations !== undefined) lines.push(...operationsLines(plan.operations, c), '');
  lines.push(plan.refreshOnly === true ? c.bold(refreshOnlyLine(plan)) : isEmpty(plan) ? c.green(noChangesLine(plan)) : c.bold(summaryLine(plan)));
  const breaking = graphqlBreakingLine(plan);
  if (breaking !== undefined) lines.push(c.red(e(breaking)));
  const refilled = plan.sources.filter(keepsEveryItem);
  if (refilled.length > 0) lines.push('', ...refilled.map((s) => c.yellow(`~ ${e(refillNote(s))}`)));
  if (plan.diagnostics.length > 0) {
    lines.push('', c.bold('Diagnostics:'));
    for (const d of plan.diagnostics) {
      const paint = d.severity === 'error' ? c.red : c.yellow;
      lines.push(`  ${e(diagnosticPlace(d))} ${paint(`${d.severity} ${d.code}`)} ${e(d.message)}`);
    }
  }
  if (plan.summary.dataLoss) lines.push('', ...dataLossBanner(plan, c, options.dataLossAllowed === true));
  return `${lines.join('\n')}\n`;
}

function header(plan: Plan): string {
  const state = plan.state === null ? 'no state yet' : `state serial ${plan.state.serial}, lineage ${plan.state.lineage}`;
  return e(`graphform plan for environment ${plan.environment} (${state})`);
}

/** The header's title; a full update with a keep account says whether it loses items or keeps them all. */
function actionTitle(source: PlanSource): string {
  if (recordsOnly(source)) return 'will be recorded in state: the service already has this definition, nothing is sent';
  if (source.action === 'none' && hasDataChanges(source)) return 'has changed data items (the schema has no changes)';
  if (source.action === 'none' && (source.data?.errors ?? 0) > 0) return 'has data items that are not valid (the schema has no changes)';
  if (source.action !== 'full' || source.keep === undefined) return ACTION_TITLES[source.action];
  return source.dataLoss ? 'will be replaced (LOSES ITEMS)' : 'will be replaced (emptied and refilled: every item is kept)';
}

/** The keep account under a source: a headline, the table per content type and language, then moves, drops, conversions and losses. */
function keepLines(source: PlanSource, c: Painter): string[] {
  if (source.keep === undefined) return [];
  const view = keepView(source.keep, source.id, source.moves);
  const tone = toneColors(c);
  const lines = [`      ${tone[view.tone](e(view.headline))}`];
  if (view.table !== undefined && view.table.rows.length > 0) {
    const all = [view.table.header, ...view.table.rows].map((row) => row.map(e));
    const widths = view.table.header.map((_, i) => Math.max(...all.map((row) => [...(row[i] ?? '')].length)));
    const format = (row: string[]): string =>
      row
        .map((cell, i) => (KEEP_NUMERIC_COLUMNS[i] === true ? cell.padStart(widths[i] ?? 0) : i === row.length - 1 ? cell : padEnd(cell, widths[i] ?? 0)))
        .join('  ')
        .trimEnd();
    const [head, ...rows] = all;
    lines.push(`        ${c.dim(format(head ?? []))}`, ...rows.map((row) => `        ${format(row)}`));
  }
  for (const note of view.notes) {
    lines.push(`      ${tone[note.tone](`${note.symbol} ${e(note.text)}`)}`);
    for (const more of note.more ?? []) lines.push(`          ${c.dim(e(more))}`);
  }
  return lines;
}

/** padEnd by code points, so that an arrow counts as one column. */
function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

function toneColors(c: Painter): Record<KeepTone, Tint> {
  return { info: c.dim, warn: c.yellow, loss: c.red };
}

function bodyDiff(source: PlanSource, c: Painter): string[] {
  return requestBodyDiffs(source).flatMap(({ patch }) =>
    patch
      .trimEnd()
      .split('\n')
      .map(e)
      .map((line) => {
        if (line.startsWith('+++') || line.startsWith('---')) return `      ${c.bold(line)}`;
        if (line.startsWith('+')) return `      ${c.green(line)}`;
        if (line.startsWith('-')) return `      ${c.red(line)}`;
        return `      ${line.startsWith('@@') ? c.cyan(line) : line}`;
      }),
  );
}

/** Impossible to miss: every source and the languages whose items go, and the flag it takes. */
function dataLossBanner(plan: Plan, c: Painter, allowed: boolean): string[] {
  const rule = '!'.repeat(78);
  const keep = planHasKeep(plan);
  const blocked = blockedSourceIds(plan);
  const body = [
    keep ? '!! DATA LOSS: applying this plan LOSES CONTENT ITEMS' : '!! DATA LOSS: applying this plan DELETES CONTENT ITEMS',
    '!!',
    ...plan.sources
      .filter((s) => s.dataLoss)
      .flatMap((s) => {
        const line = `!!   ${ACTION_SYMBOLS[s.action]} ${e(s.id)}: ${e(lossLine(s))}`;
        const lost = keepLossLine(s);
        return lost === undefined ? [line] : [line, `!!       ${e(lost)}`];
      }),
    '!!',
    ...(blocked.length > 0
      ? [`!! graphform apply refuses this plan: values of ${e(blocked.join(', '))} do not convert to the declared types.`, `!! To apply it, ${BLOCKED_REMEDY}.`]
      : allowed
        ? ['!! DATA LOSS WAS ALLOWED with --allow-data-loss: these items are deleted as the plan is applied.']
        : ['!! Applying it needs --allow-data-loss; without it graphform apply sends nothing.']),
  ];
  return [rule, ...body, rule].map((line) => c.red.bold(line));
}

function actionColors(c: Painter): Record<PlanAction, Tint> {
  return { create: c.green, partial: c.yellow, full: c.red, delete: c.red, orphan: c.magenta, none: c.dim };
}

function symbolColors(c: Painter): Record<ChangeSymbol, Tint> {
  return { '+': c.green, '-': c.red, '~': c.yellow };
}
