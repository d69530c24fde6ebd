import { diagnosticPlace } from '../diagnostics/diagnostic.js';
import { hasDataChanges } from '../plan/policy.js';
import type { Plan, PlanSource } from '../plan/types.js';
import { outsideChanges, outsideNote, OUTSIDE_HEADING } from './outside-changes.js';
import { keepLossLine, lossLine } from './delete-count.js';
import { BLOCKED_REMEDY, blockedSourceIds, keepsEveryItem, planHasKeep, refillNote } from './plan-keep-totals.js';
import { cell, code, escapeText, fenced } from './markdown-text.js';
import { graphqlImpactBlock, type GraphqlListing } from './graphql-impact-markdown.js';
import { operationsMarkdown } from './operations-markdown.js';
import { sourceDetails } from './plan-markdown-details.js';
import { ACTION_NAMES, isEmpty, noChangesLine, refreshOnlyLine, summaryLine, unmanagedLine, visibleSources } from './plan-labels.js';

/**
 * GitHub keeps at most 65,536 characters in a pull-request comment; the rest is room for
 * what a workflow puts around the plan.
 */
export const MARKDOWN_MAX_CHARS = 60_000;

export interface PlanMarkdownOptions {
  /** The longest text to render; a longer plan is cut with a note (default MARKDOWN_MAX_CHARS). */
  maxChars?: number;
}

/** At most this many data-losing sources are named with their reason in the banner. */
const BANNER_SOURCES = 5;
/** Kept free for the notes that say what was cut (at the top and the end): longer than the longest pair. */
const NOTE_ROOM = 1_100;

/** What did not fit. */
interface Cut {
  sources: number;
  rows: number;
  details: number;
  bodies: number;
  unmanaged: boolean;
  diagnostics: boolean;
  /** How much of the GraphQL impact is listed; `none` when the block is left out. */
  graphql: GraphqlListing | 'none';
}

/**
 * The plan for a pull-request comment: the data-loss banner, the summary table (data-loss
 * rows first), the GraphQL impact (collapsed), then each source's reasons, changes and
 * request bodies in a collapsed block, in the same order. A plan that would pass
 * `maxChars` is cut, least important first: request bodies, then whole blocks, then table
 * rows, and the GraphQL impact last (its safe changes before its breaking ones), because a
 * breaking change is what a reviewer cannot see anywhere else in the comment. A note at
 * the top says what was left out and where the full plan is; the end repeats that it is cut.
 */
export function renderPlanMarkdown(plan: Plan, options: PlanMarkdownOptions = {}): string {
  const max = options.maxChars ?? MARKDOWN_MAX_CHARS;
  const footer = footerLine(plan);
  const page = new Page(max - footer.length - NOTE_ROOM);
  const top = heading(plan);
  page.always(top.title);
  page.always(top.rest);
  page.always(outsideMarkdown(plan));

  const shown = dataLossFirst(visibleSources(plan));
  const cut: Cut = { sources: shown.length, rows: 0, details: 0, bodies: 0, unmanaged: false, diagnostics: false, graphql: 'none' };
  // The impact's room is taken before the table rows so that rows, not breaking changes, give way.
  const impact = fittingImpact(plan, page.left());
  cut.graphql = impact.listing;
  page.reserve(impact.text.length);
  // The frontends' broken operations are as hard to see elsewhere as breaking changes: their room comes before the rows' too.
  const operations = plan.operations === undefined ? '' : operationsMarkdown(plan.operations, Math.floor(page.left() / 2));
  page.reserve(operations.length);
  if (shown.length > 0) {
    page.always('| Source | Action | Data loss | Request | Changes |\n|---|---|---|---|---:|\n');
    cut.rows = shown.length - page.addWhile(shown.map(tableRow));
    page.always('\n');
  }
  page.reserve(-impact.text.length);
  page.always(impact.text);
  page.reserve(-operations.length);
  page.always(operations);
  let bodies = true;
  for (const [index, source] of shown.entries()) {
    if (bodies && page.add(sourceDetails(source, true))) continue;
    bodies = false;
    if (!page.add(sourceDetails(source, false))) {
      cut.details = shown.length - index;
      break;
    }
    cut.bodies += 1;
  }
  if (plan.unmanaged.length > 0) cut.unmanaged = !page.add(unmanagedBlock(plan));
  if (plan.diagnostics.length > 0) cut.diagnostics = !page.add(diagnosticsBlock(plan));
  const body = page.text().slice(top.title.length);
  return `${top.title}${cutNote(cut, max, plan)}${body}${cutReminder(cut, plan)}${footer}`;
}

/** The longest form of the GraphQL impact block that fits in `room` (none when the plan has no impact). */
function fittingImpact(plan: Plan, room: number): { text: string; listing: GraphqlListing | 'none' } {
  if (!hasGraphqlImpact(plan)) return { text: '', listing: 'all' };
  for (const listing of ['all', 'risky', 'breaking'] as const) {
    const text = graphqlImpactBlock(plan, listing);
    if (text.length <= room) return { text, listing };
  }
  return { text: '', listing: 'none' };
}

function hasGraphqlImpact(plan: Plan): boolean {
  return plan.sources.some((s) => (s.graphqlChanges ?? []).length > 0);
}

/** Text added block by block while it stays within `room`. */
class Page {
  private readonly parts: string[] = [];
  private used = 0;
  constructor(private readonly room: number) {}

  /** Adds what must be there whatever its length (the heading, bounded by construction). */
  always(text: string): void {
    this.parts.push(text);
    this.used += text.length;
  }

  /** Room still free. */
  left(): number {
    return this.room - this.used;
  }

  /** Holds `n` characters back for text added later (a negative `n` gives them back). */
  reserve(n: number): void {
    this.used += n;
  }

  add(text: string): boolean {
    if (this.used + text.length > this.room) return false;
    this.always(text);
    return true;
  }

  /** Adds texts in order until one does not fit; returns how many were added. */
  addWhile(texts: readonly string[]): number {
    const added = texts.findIndex((text) => !this.add(text));
    return added === -1 ? texts.length : added;
  }

  text(): string {
    return this.parts.join('');
  }
}

/** The title line, apart from the rest so that a cut note can stand right under it. */
function heading(plan: Plan): { title: string; rest: string } {
  const out: string[] = [];
  const losing = plan.sources.filter((s) => s.dataLoss);
  if (losing.length > 0) {
    const blocked = blockedSourceIds(plan);
    const refusal =
      blocked.length > 0
        ? `\`graphform apply\` refuses it: ` +
          `values of ${blocked.map(code).join(', ')} do not convert to the declared types; to apply it, ${escapeText(BLOCKED_REMEDY)}.`
        : '`graphform apply` refuses it unless `--allow-data-loss` is passed.';
    out.push(
      '> [!CAUTION]',
      `> **This plan ${planHasKeep(plan) ? 'loses' : 'deletes'} content items.** ${refusal}`,
      '>',
      ...losing.slice(0, BANNER_SOURCES).map((s) => `> - ${code(s.id)} (${ACTION_NAMES[s.action]}): ${escapeText(lossLine(s))}${keepLoss(s)}`),
    );
    const more = losing.length - BANNER_SOURCES;
    if (more > 0) out.push(`> - and ${count(more, 'more source')}: the table below lists every one first`);
    out.push('');
  }
  const refilled = plan.sources.filter(keepsEveryItem);
  if (refilled.length > 0) {
    out.push('> [!NOTE]', ...refilled.slice(0, BANNER_SOURCES).map((s) => `> - ~ ${code(s.id)}${escapeText(refillNote(s).slice(s.id.length))}`));
    const more = refilled.length - BANNER_SOURCES;
    if (more > 0) out.push(`> - and ${count(more, 'more source')} emptied and refilled the same way`);
    out.push('');
  }
  out.push(
    plan.refreshOnly === true ? `**${escapeText(refreshOnlyLine(plan))}**` : isEmpty(plan) ? escapeText(noChangesLine(plan)) : `**${summaryLine(plan)}**`,
    '',
    '',
  );
  return { title: `### graphform plan: ${code(plan.environment)}\n\n`, rest: out.join('\n') };
}

/** The banner's tail for a source with a keep account: " — **loses 3 of 1,005 items (keeps 1,002)**". */
function keepLoss(source: PlanSource): string {
  const lost = keepLossLine(source);
  return lost === undefined ? '' : ` — **${escapeText(lost)}**`;
}

/** Data-losing sources first, each group in the plan's (id) order. */
function dataLossFirst(sources: readonly PlanSource[]): PlanSource[] {
  return [...sources.filter((s) => s.dataLoss), ...sources.filter((s) => !s.dataLoss)];
}

function tableRow(s: PlanSource): string {
  const request = s.requests.length === 0 ? '—' : s.requests.map((r) => code(`${r.method} ${r.path}`)).join(' then ');
  const action = s.action === 'none' && hasDataChanges(s) ? 'data items' : ACTION_NAMES[s.action];
  return `| ${cell(code(s.id))} | ${action} | ${s.dataLoss ? '**yes**' : 'no'} | ${cell(request)} | ${s.changes.length} |\n`;
}

function unmanagedBlock(plan: Plan): string {
  const lines = plan.unmanaged.map((source) => `- ${escapeText(unmanagedLine(source))}`);
  return [`<details><summary>Unmanaged sources in the account: ${plan.unmanaged.length}</summary>`, '', ...lines, '', '</details>', '', ''].join('\n');
}

function diagnosticsBlock(plan: Plan): string {
  const lines = plan.diagnostics.map((d) => `- ${code(diagnosticPlace(d))} ${d.severity} \`${d.code}\`: ${escapeText(d.message)}`);
  return ['<details><summary>Diagnostics</summary>', '', ...lines, '', '</details>', '', ''].join('\n');
}

/** What was left out, in words; empty when nothing was. */
function leftOut(cut: Cut, plan: Plan): string[] {
  const left: string[] = [];
  if (cut.rows > 0) left.push(`the table rows of ${cut.rows.toLocaleString('en-US')} of ${count(cut.sources, 'source')}`);
  if (cut.details > 0) left.push(`the details of ${cut.details.toLocaleString('en-US')} of ${count(cut.sources, 'source')}`);
  if (cut.bodies > 0) left.push(`the request bodies of ${count(cut.bodies, 'other source')}, whose reasons and changes are shown`);
  if (cut.graphql === 'none') left.push('the GraphQL impact');
  if (cut.graphql === 'risky' && hasSafeChanges(plan)) left.push('the safe GraphQL changes (the breaking and dangerous ones are listed)');
  if (cut.graphql === 'breaking') left.push('the dangerous and safe GraphQL changes (the breaking ones are listed)');
  if (cut.unmanaged) left.push('the list of unmanaged sources');
  if (cut.diagnostics) left.push('the diagnostics');
  return left;
}

function hasSafeChanges(plan: Plan): boolean {
  return plan.sources.some((s) => (s.graphqlChanges ?? []).some((c) => c.criticality === 'NON_BREAKING'));
}

/** Under the title, before anything else: empty when nothing was cut; otherwise what was left out, and where the whole plan is. */
function cutNote(cut: Cut, max: number, plan: Plan): string {
  const left = leftOut(cut, plan);
  if (left.length === 0) return '';
  return [
    '> [!NOTE]',
    `> **This plan is cut** to fit in one comment (${max.toLocaleString('en-US')} characters). Left out: ${left.join('; ')}.`,
    '> The full plan is in the job log (the output of `graphform plan`) and in the plan file (`graphform plan --out FILE`; ' +
      'the workflow uploads it as an artifact).',
    '',
    '',
  ].join('\n');
}

/** At the end, where a reader who scrolled past the top note looks for the rest. */
function cutReminder(cut: Cut, plan: Plan): string {
  if (leftOut(cut, plan).length === 0) return '';
  return '> [!NOTE]\n> **The plan above is cut** (the note at the top says what is left out); the full plan is in the job log and the plan file.\n\n';
}

function footerLine(plan: Plan): string {
  const state = plan.state === null ? 'no state yet' : `state serial ${plan.state.serial}, lineage ${code(plan.state.lineage)}`;
  return `<sub>${plan.tool.name} ${plan.tool.version}, ${state}, declarations ${plan.desiredHash.slice(0, 19)}…</sub>\n`;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/** The sources changed outside graphform since the last apply, each with its changes, before the plan that undoes them. */
function outsideMarkdown(plan: Plan): string {
  const outside = outsideChanges(plan);
  if (outside.length === 0) return '';
  const blocks = outside.map(
    (source) =>
      `${code(source.id)}:\n\n${fenced(
        'diff',
        source.lines.map(({ symbol, text }) => `${symbol} ${text}`),
      ).join('\n')}\n`,
  );
  return `**${OUTSIDE_HEADING}.** ${escapeText(outsideNote(plan))}\n\n${blocks.join('\n')}\n`;
}
