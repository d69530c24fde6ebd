import { DATA_ERROR_CODES } from '../../data/codes.js';
import type { DeclaredDiff } from '../../data/ledger/declared-diff.js';
import { GraphformError } from '../../diagnostics/errors.js';
import type { SourceDeclaration } from '../../model/types.js';
import { summarize } from '../../plan/policy.js';
import type { DataChanges, DataCheck, DataPushReason, Plan, PlanSource } from '../../plan/types.js';
import type { State } from '../../state/types.js';
import { allowsEmpty, warn, type WorkflowHost } from '../host.js';
import type { LoadedProject } from './load-project.js';
import { workersFromBytes } from './workers-from.js';

/** A plan lists this many ids of the items it adds, changes and deletes per source. */
export const FIRST_IDS = 5;

/**
 * Reads the `data:` files of every declared source once (a source in state whose
 * declaration dropped `data:` too, with none), validating every item as a push does and
 * comparing each with the ledger of what graphform last pushed. Attaches to each source the
 * check of the files apply would push (`data`: whole after a create, full update or pending
 * re-push; else only the items that changed) and the items to add, change and delete
 * (`dataChanges`). A saved plan's own results are replaced: the files may have changed.
 * `diffs` receives each source's comparison, for apply to send from without reading again.
 */
export async function withDataChecks(
  host: WorkflowHost,
  plan: Plan,
  project: LoadedProject,
  state: State | undefined,
  diffs?: Map<string, DeclaredDiff>,
): Promise<Plan> {
  const byId = new Map(project.declarations.map((d) => [d.id, d]));
  const tracked = (id: string): boolean => (byId.get(id)?.data.length ?? 0) > 0 || (state?.sources[id]?.data?.items ?? 0) > 0;
  const bare = plan.sources.map(({ data: _stale, dataChanges: _staleChanges, ...rest }) => rest);
  // Only a source with data files (or items pushed from them) is read: otherwise the data pipeline is not even loaded.
  if (!bare.some((s) => tracked(s.id) && byId.has(s.id))) return { ...plan, sources: bare, summary: summarize(bare) };
  const [{ dataPushes }, ledger] = await Promise.all([import('./data-pushes.js'), import('../../data/ledger/declared-diff.js')]);
  const pushes = new Map(dataPushes(plan, state, project.declarations).map((p) => [p.declaration.id, p.push]));
  const sources: PlanSource[] = [];
  for (const source of bare) {
    const declaration = byId.get(source.id);
    if (declaration === undefined || !tracked(source.id) || source.action === 'delete') {
      sources.push(source);
      continue;
    }
    const diff = await ledger.diffDeclaredData({
      declaration,
      config: project.config.data,
      cwd: host.cwd,
      root: project.config.rootDir,
      workersFromBytes: workersFromBytes(host.variables),
      ledger: state?.sources[source.id]?.data,
    });
    refuseEmptiedPattern(host, declaration, diff);
    if (diff.damaged !== undefined) warn(host, 'GF_LEDGER_DAMAGED', damagedLedgerWarning(source.id, diff.damaged));
    diffs?.set(source.id, diff);
    sources.push(await withDiff(source, diff, pushes.get(source.id), ledger));
  }
  return { ...plan, sources, summary: summarize(sources) };
}

/** The functions of the lazily loaded declared-diff module that the plan uses to name items. */
type ItemNames = Pick<typeof import('../../data/ledger/declared-diff.js'), 'recordsOf' | 'recordNames'>;

async function withDiff(source: PlanSource, diff: DeclaredDiff, push: DataPushReason | undefined, names: ItemNames): Promise<PlanSource> {
  const changes = await dataChangesOf(diff, push === undefined ? 'changes' : 'files', names);
  const changed = changes.add + changes.change + changes.delete > 0;
  const { validation } = diff;
  // The check shows what apply pushes, and every problem: an invalid item stops the plan whether or not it changed.
  const reason: DataPushReason | undefined = push ?? (changed || validation.errors > 0 ? 'changes' : undefined);
  const data: DataCheck | undefined =
    reason === undefined
      ? undefined
      : {
          push: reason,
          files: diff.files,
          items: validation.items,
          errors: validation.errors,
          warnings: validation.warnings,
          diagnostics: validation.diagnostics,
        };
  // Attached even when nothing changed: its digest is what apply compares a saved plan's files with.
  return { ...source, ...(data === undefined ? {} : { data }), dataChanges: changes };
}

/** The plan's account of a diff, with the first few ids of each kind read back out of the files (and the ledger). */
async function dataChangesOf(diff: DeclaredDiff, send: DataChanges['send'], { recordsOf, recordNames }: ItemNames): Promise<DataChanges> {
  const { outcome } = diff;
  const firstAdded = outcome.added.slice(0, FIRST_IDS);
  const firstChanged = outcome.changed.slice(0, FIRST_IDS);
  const firstDeleteLines = outcome.deleteLines.slice(0, FIRST_IDS);
  const found =
    firstAdded.length + firstChanged.length + firstDeleteLines.length === 0
      ? new Map()
      : await recordsOf(diff, [...firstAdded, ...firstChanged, ...firstDeleteLines]);
  const removed = outcome.removed
    .slice(0, FIRST_IDS)
    .map((row) => diff.ledger.entry(row))
    .map((entry) => `${entry.id} (${entry.language})`);
  return {
    ledger: diff.hadLedger,
    ...(diff.damaged === undefined ? {} : { ledgerDamaged: diff.damaged }),
    declared: outcome.declared,
    add: outcome.added.length,
    change: outcome.changed.length,
    delete: outcome.deleteLines.length + outcome.removed.length,
    unchanged: outcome.unchanged.length,
    byType: outcome.counts,
    first: {
      add: recordNames(firstAdded, found),
      change: recordNames(firstChanged, found),
      delete: [...recordNames(firstDeleteLines, found), ...removed].slice(0, FIRST_IDS),
    },
    send,
    digest: outcome.digest,
  };
}

/** Why every declared item of a source is sent again: the ledger in state failed its check. */
export function damagedLedgerWarning(id: string, damaged: string): string {
  return (
    `the record in state of the data items graphform pushed from source ${id}'s data files is damaged (${damaged}); it is read as no record: ` +
    'every declared item is sent again and recorded anew, and none is deleted (items removed from the files since stay in the service until deleted by hand).'
  );
}

/**
 * A `data:` pattern that matches no file while graphform has pushed items from the source
 * would delete them all: more likely a moved folder or a checkout without the files than a
 * wish. Refused, as an empty declarations folder is.
 */
function refuseEmptiedPattern(host: WorkflowHost, declaration: SourceDeclaration, diff: DeclaredDiff): void {
  if (diff.unmatched.length === 0 || diff.outcome.removed.length === 0 || allowsEmpty(host)) return;
  const first = diff.unmatched[0];
  const where = first === undefined ? declaration.file : `${first.file}:${first.line}${first.column === undefined ? '' : `:${first.column}`}`;
  throw new GraphformError(
    DATA_ERROR_CODES.patternEmptied,
    `${where}: ${first?.message ?? `a data: pattern of source ${declaration.id} matches no file`} graphform pushed items ` +
      `from source ${declaration.id}'s data files, and this plan would delete ${diff.outcome.removed.length} of them.`,
    {
      hint:
        'Check that the data files are there (checked out, not moved). ' +
        'To delete those items, remove the pattern from data: (the plan then lists them), or run with `allowEmpty`.',
    },
  );
}

/**
 * Sources whose data files hold other items than when the saved plan was made: applying it
 * would send what nobody reviewed.
 */
export function dataChangedSincePlan(saved: Plan, now: Plan): string[] {
  const before = new Map(saved.sources.map((s) => [s.id, s.dataChanges?.digest]));
  return now.sources.filter((s) => s.dataChanges !== undefined && before.has(s.id) && before.get(s.id) !== s.dataChanges.digest).map((s) => s.id);
}

export function dataChangedError(ids: readonly string[]): GraphformError {
  return new GraphformError(
    DATA_ERROR_CODES.changedSincePlan,
    `The data files of ${ids.join(', ')} changed since the plan was made: applying it would send items nobody reviewed. Nothing was sent.`,
    {
      hint: 'Run `graphform plan` again and review the new plan.',
    },
  );
}

/** Sources whose data files apply would push and refuse: any error. */
export function invalidDataSources(plan: Plan): PlanSource[] {
  return plan.sources.filter((s) => (s.data?.errors ?? 0) > 0);
}

/** plan's refusal: the plan was printed; invalid data would stop apply, so plan fails now. */
export function invalidDataError(invalid: readonly PlanSource[]): GraphformError {
  return new GraphformError(
    DATA_ERROR_CODES.invalidData,
    `The data files of ${invalid.map((s) => s.id).join(', ')} are not valid; apply would refuse this plan. No plan file was saved.`,
    {
      hint: 'Fix the data files named above, or the declarations they no longer fit (`graphform data validate <source>` checks them), then plan again.',
    },
  );
}
