import { GraphformError } from '../diagnostics/errors.js';
import type { KeepAccount, UnservedValues } from './types.js';
import { unservedCount } from './unserved-values.js';
import { hashDefinition } from '../model/hash.js';
import type { SourceDeclaration, SourceDefinition } from '../model/types.js';
import { carriesItems } from '../plan/wire-renames.js';
import type { PlanSource } from '../plan/types.js';
import type { PendingSnapshot } from '../state/types.js';

/** What the keep step of a full update came to: the account and, when items are carried over, the snapshot they are in. */
export interface KeptItems {
  account: KeepAccount;
  /** Absent when nothing needs carrying over. */
  snapshot?: PendingSnapshot;
  /** What the service held when the items were read: state records it when the source was not in state yet. */
  before: SourceDefinition;
}

/** A keep step that may go on: the snapshot to name in state before the PUT. */
export interface CheckedKeep {
  snapshot: PendingSnapshot;
  before: SourceDefinition;
  account: KeepAccount;
}

/**
 * Whether a source's keep step lets its full update go on, before anything is sent: not
 * while an earlier full update's items are still owed (`owed`, when the service already
 * holds what that update sent), not when items cannot be read back or values do not
 * convert, and not when items would be lost unless allowed. Undefined: go on without a
 * snapshot (nothing to carry over, or losing them was allowed).
 */
export function checkedKeep(source: PlanSource, kept: KeptItems, owed: PendingSnapshot | undefined, allowDataLoss: boolean): CheckedKeep | undefined {
  const { account } = kept;
  if (owed?.target !== undefined && hashDefinition(kept.before) === owed.target) {
    // The earlier full update went through and its items are not all back: wiping again now would read only part of them.
    throw owedItemsError(source.id, owed);
  }
  if (!account.known) {
    // Losing them was allowed: the full update goes ahead as it did before graphform kept items.
    if (allowDataLoss) return undefined;
    throw new GraphformError('GF_KEEP_EXPORT_FAILED', `the items of source ${source.id} cannot be read back (${account.reason}); nothing was sent`, {
      hint: 'Run `graphform plan` to see why; pass `allowDataLoss` to update the schema without keeping them.',
    });
  }
  if (account.blocked) {
    throw new GraphformError(
      'GF_KEEP_CONVERSION_FAILED',
      `values of source ${source.id} do not convert to the declared types (${account.conversions.map((c) => `${c.property}: ${c.items}`).join(', ')}); ` +
        'nothing was sent',
      {
        hint: 'Run `graphform plan` to see the items; declare `convert: {Type.Property: {onError: drop-value | drop-item}}` or fix the values.',
      },
    );
  }
  const update = account.rename === true ? 'partial update (it renames fields in data lines)' : 'full update';
  if (unservedCount(account) > 0 && !allowDataLoss) throw unservedValuesError(source.id, update, account.unserved ?? []);
  if (account.lost > 0 && !allowDataLoss) {
    throw new GraphformError(
      'GF_KEEP_ITEMS_LOST',
      `the ${update} of source ${source.id} would lose ${account.lost} item${account.lost === 1 ? '' : 's'} that cannot be carried over; nothing was sent`,
      {
        hint: 'Run `graphform plan` to see which and why; pass `allowDataLoss` to lose them.',
      },
    );
  }
  if (account.access.fromDefault > 0 && !allowDataLoss) {
    throw new GraphformError(
      'GF_KEEP_ACCESS_UNKNOWN',
      `the ${update} of source ${source.id} would give ${account.access.fromDefault} item${account.access.fromDefault === 1 ? '' : 's'} ` +
        `the _rbac of keep.defaults whatever access ${account.access.fromDefault === 1 ? 'it' : 'they'} had ` +
        '(GraphQL does not serve _rbac back and the environment has no singleKey); nothing was sent',
      {
        hint:
          "Set the environment's singleKey so public items stay public and hidden ones hidden, " +
          'or allow the loss (`allowDataLoss`) to give them keep.defaults._rbac.',
      },
    );
  }
  if (kept.snapshot === undefined) return undefined;
  return { snapshot: kept.snapshot, before: kept.before, account };
}

/** A new full update refused while an earlier one's items, read back into `owed`, may not all be in the service. */
function owedItemsError(sourceId: string, owed: PendingSnapshot): GraphformError {
  return new GraphformError(
    'GF_KEEP_RESTORE_PENDING',
    `source ${sourceId} still owes the ${owed.items} items of ${owed.snapshot} from an earlier full update; ` +
      'a new one now would lose those not yet pushed; nothing was sent',
    {
      hint: `Push them first: \`graphform data restore ${owed.snapshot}\` (or apply the declarations that full update was made for), then apply again.`,
    },
  );
}

/**
 * Values of declared properties the service stopped serving (removed outside graphform): the
 * read cannot see them, so the update would push the items again without them.
 */
function unservedValuesError(sourceId: string, update: string, unserved: readonly UnservedValues[]): GraphformError {
  const listed = unserved.filter((u) => u.items > 0).map((u) => `${u.property} (up to ${u.items} item${u.items === 1 ? '' : 's'})`);
  return new GraphformError(
    'GF_KEEP_VALUES_LOST',
    `the ${update} of source ${sourceId} would lose the values of ${listed.join(', ')}: ` +
      `the service does not serve ${listed.length === 1 ? 'that property' : 'those properties'} now (removed outside graphform), ` +
      'so they cannot be read back; nothing was sent',
    {
      hint:
        'To get them back, first apply a declaration that only adds the properties back (a partial update), then this one; ' +
        'or allow the loss (`allowDataLoss`) to lose them.',
    },
  );
}

/** What the keep step takes of apply's options (ApplyOptions has them all). */
export interface KeepStepOptions {
  keepItems?(source: PlanSource, declaration: SourceDeclaration): Promise<KeptItems | undefined>;
  mergeSnapshots?(id: string, fresh: PendingSnapshot, owed: PendingSnapshot): Promise<PendingSnapshot>;
  storeSnapshot?(id: string, snapshot: PendingSnapshot): Promise<PendingSnapshot>;
  removeSnapshot?(snapshot: PendingSnapshot): Promise<void>;
  allowDataLoss?: boolean;
}

/**
 * The keep step of a full update: the items read back and snapshotted before the PUT, the
 * snapshot copied beside the state; undefined when nothing is to be named in state. A
 * snapshot still pending from a PUT that went through (`owed`) is pushed first by finishing
 * that apply; here a new one replaces a pending one only when the service still holds
 * everything (the plan wipes again because the earlier PUT never went out).
 */
export async function keepStep(
  options: KeepStepOptions,
  source: PlanSource,
  declaration: SourceDeclaration,
  owed: PendingSnapshot | undefined,
): Promise<CheckedKeep | undefined> {
  if (options.keepItems === undefined || !carriesItems(source)) return undefined;
  const kept = await options.keepItems(source, declaration);
  if (kept === undefined) return undefined;
  return storedKeep(options, source.id, await owedKept(options, source, declaration, kept, owed));
}

/** The keep step checked against the snapshot an earlier apply may still owe. */
async function owedKept(
  options: KeepStepOptions,
  source: PlanSource,
  declaration: SourceDeclaration,
  kept: KeptItems,
  owed: PendingSnapshot | undefined,
): Promise<CheckedKeep | undefined> {
  try {
    const checked = checkedKeep(source, kept, owed, options.allowDataLoss === true);
    if (checked === undefined || owed === undefined) return checked;
    // An earlier apply of these declarations stopped after reading the items: whether its PUT
    // went out is not known for sure, so what it read and this read misses is carried over too.
    if (owed.target === hashDefinition(declaration.definition)) {
      const merged = options.mergeSnapshots === undefined ? checked.snapshot : await options.mergeSnapshots(source.id, checked.snapshot, owed);
      return { ...checked, snapshot: merged };
    }
    if (checked.account.known && checked.account.deleted < owed.items) throw owedItemsError(source.id, owed);
    return checked;
  } catch (error) {
    // Refused before anything was sent: the snapshot is named nowhere, so it goes.
    if (kept.snapshot !== undefined) await options.removeSnapshot?.(kept.snapshot);
    throw error;
  }
}

/**
 * The checked keep step with its snapshot copied beside the state (`storeSnapshot`), before
 * state names it; when that fails, the snapshot is named nowhere, so it goes.
 */
async function storedKeep(options: KeepStepOptions, id: string, checked: CheckedKeep | undefined): Promise<CheckedKeep | undefined> {
  if (checked === undefined || options.storeSnapshot === undefined) return checked;
  try {
    return { ...checked, snapshot: await options.storeSnapshot(id, checked.snapshot) };
  } catch (error) {
    await options.removeSnapshot?.(checked.snapshot);
    throw error;
  }
}
