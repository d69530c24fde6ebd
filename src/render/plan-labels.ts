import type { Plan, PlanAction, PlanSource, UnmanagedSource } from '../plan/types.js';
import { lossSentence, planHasKeep } from './plan-keep-totals.js';
import { itemsSummary } from './data-changes.js';
import { hasDataChanges, saysSomething } from '../plan/policy.js';

/** Terraform's symbols: + create, ~ in place, -/+ replace, - destroy; ? for an orphan. */
export const ACTION_SYMBOLS: Readonly<Record<PlanAction, string>> = {
  create: '+',
  partial: '~',
  full: '-/+',
  delete: '-',
  orphan: '?',
  none: ' ',
};

export const ACTION_TITLES: Readonly<Record<PlanAction, string>> = {
  create: 'will be created',
  partial: 'will be updated in place',
  full: 'will be replaced (DELETES DATA)',
  delete: 'will be deleted with all its items (DELETES DATA)',
  orphan: 'is orphaned: in state, no longer declared (left untouched)',
  none: 'has no changes',
};

/** Short names for tables. */
export const ACTION_NAMES: Readonly<Record<PlanAction, string>> = {
  create: 'create',
  partial: 'update in place',
  full: 'replace',
  delete: 'delete',
  orphan: 'orphaned',
  none: 'no changes',
};

/**
 * "Plan: 1 to create, 1 to update in place, 1 to replace (DELETES DATA), 0 to delete, 1 orphaned."
 * A plan with keep accounts marks only the replacements that lose items and ends with what
 * is lost: "… 2 to replace (1 LOSES ITEMS), … Loses 3 items (keeps 1,002)." or "Keeps every
 * item: 1,005 emptied and refilled."
 */
/** A refresh-only plan's summary: how many sources state would take from the service. */
export function refreshOnlyLine(plan: Plan): string {
  const n = plan.sources.filter((s) => (s.outside?.length ?? 0) > 0).length;
  return n === 0
    ? 'Refresh-only plan: nothing changed outside graphform since the last apply.'
    : `Refresh-only plan: ${n} source${n === 1 ? '' : 's'} changed outside graphform; ` +
        `\`graphform apply --refresh-only\` records ${n === 1 ? 'it' : 'them'} in state and sends nothing.`;
}

export function summaryLine(plan: Plan): string {
  const s = plan.summary;
  const keep = planHasKeep(plan);
  const replace = `${s.full} to replace${keep ? replaceNote(plan) : s.full > 0 ? ' (DELETES DATA)' : ''}`;
  const deleted = `${s.delete} to delete${s.delete > 0 ? ' (DELETES DATA)' : ''}`;
  const pending = s.pending > 0 ? `, ${s.pending} with a pending re-push` : '';
  const counts = `${s.create} to create, ${s.partial} to update in place, ${replace}, ${deleted}, ${s.orphan} orphaned${pending}.${itemsSummary(plan)}`;
  if (!keep) return `Plan: ${counts}`;
  // What is lost leads: it is what a reviewer must not miss.
  const loss = lossSentence(plan).replace(/\.$/, '');
  return `Plan: ${loss.charAt(0).toLowerCase()}${loss.slice(1)}; ${counts}`;
}

/** " (LOSES ITEMS)", " (1 LOSES ITEMS)" or " (every item kept)": which full updates lose items. */
function replaceNote(plan: Plan): string {
  const full = plan.sources.filter((s) => s.action === 'full');
  const losing = full.filter((s) => s.dataLoss).length;
  if (full.length === 0) return '';
  if (losing === 0) return ' (every item kept)';
  return losing === full.length ? ' (LOSES ITEMS)' : ` (${losing} LOSES ITEMS)`;
}

export const NO_CHANGES = 'No changes. Your content sources match the configuration.';

/** A source the service already holds as declared, which state does not record yet: apply records it and sends nothing. */
export function recordsOnly(source: PlanSource): boolean {
  return source.action === 'none' && source.changes.length > 0;
}

/** "No changes.", or, when state is behind the service, that apply only records what the service already holds. */
export function noChangesLine(plan: Plan): string {
  const behind = plan.sources.filter(recordsOnly).map((s) => s.id);
  if (behind.length === 0) return NO_CHANGES;
  return `Nothing to send: the service already has every declared definition. \`graphform apply\` records ${behind.join(', ')} in state.`;
}

/** Nothing to send and nothing orphaned: "No changes." */
export function isEmpty(plan: Plan): boolean {
  const s = plan.summary;
  // Data files with problems are not "no changes": the plan stops on them.
  return (
    s.create + s.partial + s.full + s.delete + s.orphan + s.pending === 0 &&
    !plan.sources.some((source) => hasDataChanges(source) || (source.data?.errors ?? 0) > 0)
  );
}

export function isWarning(reason: string): boolean {
  return reason.startsWith('Warning: ');
}

/** "PUT /api/content/v3/types?id=shop then POST /api/content/v3/sources?id=shop"; '' for none. */
export function requestsLine(source: PlanSource): string {
  return source.requests.map((r) => `${r.method} ${r.path}`).join(' then ');
}

/** The hint shown for each unmanaged source of the account. */
export function unmanagedLine(source: UnmanagedSource): string {
  return (
    `${source.id} ${JSON.stringify(source.label)} (${source.languages.join(', ')}): ` +
    `not managed by graphform; run \`graphform import ${source.id}\` to adopt it`
  );
}

/** Sources worth showing: those that do something, or say something. */
export function visibleSources(plan: Plan): PlanSource[] {
  return plan.sources.filter(saysSomething);
}
