import type { ConversionOnError, ItemServiceField } from '../model/types.js';

/** An item as read back through GraphQL: what src/graph/export-items.ts yields. */
export type { ServedItem } from '../model/types.js';

/** Item fields a carried-over item must have a known value for (read back, or from keep.defaults): who may read it and whether it is published. */
export const REQUIRED_ITEM_FIELDS: readonly ItemServiceField[] = ['Status', '_rbac'];

/** Why an item the full update deletes does not come back. */
export const LOST_REASONS = [
  'keep-off',
  'unreadable',
  'access-unreadable',
  'cannot-convert',
  'invalid',
  'language-removed',
  'type-removed',
  'deleted',
] as const;
export type LostReason = (typeof LOST_REASONS)[number];

export const LOST_REASON_TEXT: Readonly<Record<LostReason, string>> = {
  'keep-off': 'keep is turned off for the source',
  unreadable: 'fields GraphQL does not serve back and keep.defaults does not supply',
  'access-unreadable': 'access cannot be read (hidden from the single key, and keep.defaults._rbac is missing or public)',
  'cannot-convert': 'a value does not convert to the declared type',
  invalid: 'the carried-over item fails validation',
  'language-removed': 'its language is removed',
  'type-removed': 'its content type is removed',
  deleted: 'deleted (kept by the service until the full update)',
};

/**
 * Who may read a carried-over item after the full update: the public (`public`), not the public
 * (`hidden`), or not known (`fromDefault`: keep.defaults' `_rbac` without the single key).
 */
export type ItemAccessKind = 'public' | 'hidden' | 'fromDefault';

/** Carried-over items by what their access is. */
export type AccessCounts = Record<ItemAccessKind, number>;

/** The items of one content type (its name before the change) in one language. */
export interface KeepRow {
  type: string;
  /** Its name after the change; null when it is removed. */
  to: string | null;
  language: string;
  /** What the full update deletes: every item the admin read sees. */
  deleted: number;
  /** Pushed again from the source's data: files (they win for the same _id and language). */
  fromData: number;
  /** Carried over by the keep step. */
  kept: number;
  lost: number;
  lostBy: Partial<Record<LostReason, number>>;
  /** The kept items by access. */
  access: AccessCounts;
}

/** Values of one property that do not convert to its declared type. */
export interface ConversionIssue {
  /** `Type.Property`, names after the change. */
  property: string;
  from: string;
  to: string;
  /** The declared `convert` handling; `undeclared` when the change needs a declaration it lacks. */
  onError: ConversionOnError | 'undeclared';
  items: number;
  /** The first few, for the plan to name; `value` only for a public item (item-access.ts). */
  examples: Array<{ id: string; language: string; value?: string }>;
}

/** Values the change drops: a removed property, or `drop-value`. */
export interface DroppedValues {
  /** `Type.Property`, names before the change. */
  property: string;
  why: 'removed' | 'drop-value';
  items: number;
}

/**
 * Values of a declared property that the service does not serve now (it was removed outside
 * graphform): GraphQL cannot give them back, so the items carried over go without them.
 */
export interface UnservedValues {
  /** `Type.Property`, as declared. */
  property: string;
  /** The items carried over that may hold a value: each loses it. */
  items: number;
}

/** A rename the keep step carries out, with the items it touches. */
export interface MoveCount {
  from: string;
  to: string;
  items: number;
}

/** One item the keep step could not carry over, for the plan and the lost file; `detail` holds no value of an item that is not public. */
export interface LostExample {
  id: string;
  language: string;
  type: string;
  reason: LostReason;
  detail: string;
}

/** What keeping a source's items through a full update comes to. */
export type KeepAccount =
  | {
      known: true;
      /** false: `keep: false`, every item not in data files is lost. */
      enabled: boolean;
      /**
       * true: the account of a partial update that renames fields in data lines: it deletes
       * nothing, but the values it leaves under the old names are not served, so every item
       * is read before it, and each that holds a value under a renamed field is pushed again
       * after it (`deleted` counts those).
       */
      rename?: boolean;
      rows: KeepRow[];
      deleted: number;
      fromData: number;
      kept: number;
      lost: number;
      lostBy: Partial<Record<LostReason, number>>;
      conversions: ConversionIssue[];
      dropped: DroppedValues[];
      moved: MoveCount[];
      /** Declared properties the service does not serve now: their values cannot be read and are lost (absent: none). */
      unserved?: UnservedValues[];
      /** Item fields GraphQL does not serve back (keep.defaults supplies those it names). */
      unreadable: ItemServiceField[];
      /** keep.defaults as declared, shown in the plan since it is written into items. */
      defaults: Partial<Record<ItemServiceField, string>>;
      removedLanguages: string[];
      lostExamples: LostExample[];
      /** A conversion that fails (onError fail, or undeclared): nothing may be sent. */
      blocked: boolean;
      /** How access was known (see AccessSource), and the kept items by access. */
      access: AccessCounts & { source: 'served' | 'single-key' | 'default' };
    }
  | { known: false; reason: string };

/**
 * Whether the keep step loses data: items that do not come back, or items that come back
 * with an `_rbac` from keep.defaults that says nothing of who could read them before.
 */
export function keepLosesData(account: KeepAccount): boolean {
  if (!account.known) return true;
  // Values of a declared property the service no longer serves cannot be read back: lost with every item kept.
  const valuesLost = (account.unserved ?? []).some((u) => u.items > 0);
  return account.lost > 0 || account.access.fromDefault > 0 || valuesLost;
}
