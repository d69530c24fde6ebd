import { createTwoFilesPatch } from 'diff';
import { revertChanges } from '../diff/patch.js';
import { ownValue, recordFrom } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import type { Plan, PlanAction, PlanSource } from '../plan/types.js';

/** Terraform's symbols: + create, ~ in place, -/+ replace, - destroy; ? for an orphan. */
export const ACTION_SYMBOLS: Readonly<Record<PlanAction, string>> = {
  create: '+',
  partial: '~',
  full: '-/+',
  purge: '-',
  orphan: '?',
  none: ' ',
};

export const ACTION_TITLES: Readonly<Record<PlanAction, string>> = {
  create: 'will be created',
  partial: 'will be updated in place',
  full: 'will be replaced (DELETES DATA)',
  purge: 'will be purged (DELETES DATA)',
  orphan: 'is orphaned: in state, no longer declared (left untouched)',
  none: 'has no changes',
};

/** Short names for tables. */
export const ACTION_NAMES: Readonly<Record<PlanAction, string>> = {
  create: 'create',
  partial: 'update in place',
  full: 'replace',
  purge: 'purge',
  orphan: 'orphaned',
  none: 'no changes',
};

/** "Plan: 1 to create, 1 to update in place, 1 to replace (DELETES DATA), 0 to purge, 1 orphaned." */
export function summaryLine(plan: Plan): string {
  const s = plan.summary;
  const replace = `${s.full} to replace${s.full > 0 ? ' (DELETES DATA)' : ''}`;
  const purge = `${s.purge} to purge${s.purge > 0 ? ' (DELETES DATA)' : ''}`;
  const pending = s.pending > 0 ? `, ${s.pending} with a pending re-push` : '';
  return `Plan: ${s.create} to create, ${s.partial} to update in place, ${replace}, ${purge}, ${s.orphan} orphaned${pending}.`;
}

export const NO_CHANGES = 'No changes. Your content sources match the configuration.';

/** Nothing to send and nothing orphaned: "No changes." */
export function isEmpty(plan: Plan): boolean {
  const s = plan.summary;
  return s.create + s.partial + s.full + s.purge + s.orphan + s.pending === 0;
}

export function isWarning(reason: string): boolean {
  return reason.startsWith('Warning: ');
}

/** Sources worth showing: those that do something, or say something. */
export function visibleSources(plan: Plan): PlanSource[] {
  return plan.sources.filter((s) => s.action !== 'none' || s.reasons.length > 0);
}

/**
 * A unified diff of a request body against the applied definition it replaces. The
 * applied side is rebuilt from the body by reverting the plan's changes, so a plan file
 * alone is enough. A POST is compared with the same content types as applied.
 */
export function requestBodyDiff(source: PlanSource): string | undefined {
  const request = source.request;
  if (request === null || request.method === 'DELETE') return undefined;
  let before: unknown;
  if (request.method === 'PUT') {
    before = revertChanges(request.body, source.changes);
  } else {
    const applied = revertChanges({ label: '', languages: request.body.languages, contentTypes: request.body.contentTypes }, source.changes);
    before = applied === undefined ? undefined : { languages: applied.languages, contentTypes: pick(applied, Object.keys(request.body.contentTypes)) };
  }
  const text = (value: unknown): string => (value === undefined ? '' : `${JSON.stringify(value, null, 2)}\n`);
  return createTwoFilesPatch(`${source.id} (applied)`, `${source.id} (${request.method} body)`, text(before), text(request.body), undefined, undefined, {
    context: 3,
    headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
  });
}

function pick(definition: SourceDefinition, names: readonly string[]): SourceDefinition['contentTypes'] {
  return recordFrom(names.flatMap((name) => {
    const contentType = ownValue(definition.contentTypes, name);
    return contentType === undefined ? [] : [[name, contentType] as const];
  }));
}
