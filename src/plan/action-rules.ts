import type { Change, ChangeKind } from '../diff/change.js';
import type { PlanAction, PlanStrategy } from './types.js';

/**
 * THE rule table: which request a source needs, and whether it deletes data.
 *
 * The service has two verbs for a schema. PUT (full update) creates a source, or replaces
 * its schema AND DELETES ALL ITS ITEMS. POST (partial update) changes content types and
 * keeps the items, but only for what is known to be safe. The sources API sets a source's
 * label and description without touching types or items, and deletes a source whole.
 * Everything here decides between them; nothing else in graphform does.
 *
 * Rows are tried top to bottom; the first whose `when` holds decides.
 *
 * | #  | situation                                                        | action  | request     | data loss |
 * |----|------------------------------------------------------------------|---------|-------------|-----------|
 * | 0  | declared, the service already has exactly this definition, state | none    | —           | no (apply records it in state) |
 * |    | does not (an earlier apply stopped between request and state)    |         |             |           |
 * | 1  | declared, not in state, the service has it                       | full    | PUT types   | YES (reason: `graphform import <id>` instead) |
 * | 2  | declared, not in state, the service says 404                     | create  | PUT types   | no        |
 * | 3  | declared, not in state, the service was not or could not be asked| create  | PUT types   | no (warning: it might exist) |
 * | 4  | in state, not declared, the service says 404                     | orphan  | —           | no (nothing left to purge) |
 * | 5  | in state, not declared, --prune                                  | delete  | DELETE sources | YES (the source, its types and items) |
 * | 6  | in state, not declared                                           | orphan  | —           | no        |
 * | 7  | declared, in state, the service says 404 (removed outside)       | create  | PUT types   | no (no items left to lose) |
 * | 8  | declared, in state, no change                                    | none    | —           | no        |
 * | 9  | declared, in state, a change POST cannot make                    | full    | PUT types   | YES       |
 * | 10 | declared, in state, only partial-safe changes, --strategy full   | full    | PUT types   | YES       |
 * | 11 | declared, in state, only partial-safe changes                    | partial | POST types and/or POST sources | no |
 *
 * Partial-safe changes: the only ones known to be made while keeping the items. Each row
 * of the table below gives the change, its request, and why (its source):
 *
 * | change                                   | request    | why |
 * |------------------------------------------|------------|-----|
 * | contentType.added, property.added        | POST types | the contract's partial update lists content types with their complete property lists |
 * | property.searchableChanged               | POST types | the contract's own example of a partial update |
 * | source.languageAdded                     | POST types | the contract's POST body carries `languages` |
 * | property.indexChanged                    | POST types | an indexing flag beside `searchable`, in the same published property object (docs/service-facts.md "The definition in full") |
 * | contentType.displayName/description/sortOrderChanged, property.helpTextChanged | POST types | display metadata, which the published ContentType_V3 and ContentTypeProperty_V3 carry in the POST body; no item field changes |
 * | source.labelChanged, source.descriptionChanged | POST sources | the published sources API sets them "without touching types or items" |
 * | link.*, source.presetChanged, source.typedFieldNamesChanged | PUT | the published record is silent on whether POST applies them (a POST could be ignored), and `useTypedFieldNames` renames GraphQL fields |
 * | contentType.baseFieldChanged, property.refChanged | PUT | what `base` and `ref` do is not published; the safe request |
 * | property.skipChanged                     | PUT | `skip` is not in the published file (only the vendor's client sends it), so whether POST applies it is unknown: the safe request; it renames the field in data lines (`___skip`), and the PUT's re-push of the `data:` files sends the items under the new name |
 * | *.unknownFieldChanged                    | PUT | graphform cannot know what such a field does |
 * | anything else (a removal, a type change, a property type change, a new base list) | PUT | POST cannot remove or retype (undocumented: never relied on) |
 *
 * `--strategy full` never turns `none` into a PUT: no change, no request.
 *
 * Which request carries which change: `requestsFor` in build-plan.ts, from TYPES_POST_KINDS
 * and SOURCES_POST_KINDS below.
 */
export const TYPES_POST_KINDS: ReadonlySet<ChangeKind> = new Set<ChangeKind>([
  'contentType.added',
  'property.added',
  'property.searchableChanged',
  'source.languageAdded',
  'property.indexChanged',
  'property.helpTextChanged',
  'contentType.displayNameChanged',
  'contentType.descriptionChanged',
  'contentType.sortOrderChanged',
]);

/** Changes the sources API makes (POST sources {label, description}); types and items stay. */
export const SOURCES_POST_KINDS: ReadonlySet<ChangeKind> = new Set<ChangeKind>(['source.labelChanged', 'source.descriptionChanged']);

export const PARTIAL_SAFE_KINDS: ReadonlySet<ChangeKind> = new Set<ChangeKind>([...TYPES_POST_KINDS, ...SOURCES_POST_KINDS]);

/** What the service answered to GET types for the source; `not-asked` when refresh was off. */
export type RemoteStatus = 'found' | 'missing' | 'unsupported' | 'not-asked';

export interface RuleInput {
  declared: boolean;
  inState: boolean;
  remote: RemoteStatus;
  /** State (applied) → declaration (desired). */
  changes: readonly Change[];
  /** The service's definition equals the declaration (canonical forms). */
  remoteMatchesDeclaration: boolean;
  strategy: PlanStrategy;
  prune: boolean;
}

/** Names the row that decided; reasons are written per row. */
export type RuleId =
  | 'already-applied'
  | 'exists-remotely'
  | 'new-source'
  | 'new-source-unchecked'
  | 'orphan-gone'
  | 'prune'
  | 'orphan'
  | 'recreate'
  | 'unchanged'
  | 'needs-full'
  | 'forced-full'
  | 'partial-safe';

export interface ActionDecision {
  rule: RuleId;
  action: PlanAction;
  dataLoss: boolean;
}

interface Row extends ActionDecision {
  when: (s: RuleInput) => boolean;
}

const onlyPartialSafe = (s: RuleInput): boolean => s.changes.every((c) => PARTIAL_SAFE_KINDS.has(c.kind));
const isNew = (s: RuleInput): boolean => s.declared && !s.inState;
const isOrphan = (s: RuleInput): boolean => !s.declared && s.inState;
const isManaged = (s: RuleInput): boolean => s.declared && s.inState;

export const ACTION_RULES: readonly Row[] = [
  {
    rule: 'already-applied',
    action: 'none',
    dataLoss: false,
    when: (s) => s.declared && s.remote === 'found' && s.remoteMatchesDeclaration && (!s.inState || s.changes.length > 0),
  },
  { rule: 'exists-remotely', action: 'full', dataLoss: true, when: (s) => isNew(s) && s.remote === 'found' },
  { rule: 'new-source', action: 'create', dataLoss: false, when: (s) => isNew(s) && s.remote === 'missing' },
  { rule: 'new-source-unchecked', action: 'create', dataLoss: false, when: (s) => isNew(s) },
  { rule: 'orphan-gone', action: 'orphan', dataLoss: false, when: (s) => isOrphan(s) && s.remote === 'missing' },
  { rule: 'prune', action: 'delete', dataLoss: true, when: (s) => isOrphan(s) && s.prune },
  { rule: 'orphan', action: 'orphan', dataLoss: false, when: (s) => isOrphan(s) },
  { rule: 'recreate', action: 'create', dataLoss: false, when: (s) => isManaged(s) && s.remote === 'missing' },
  { rule: 'unchanged', action: 'none', dataLoss: false, when: (s) => isManaged(s) && s.changes.length === 0 },
  { rule: 'needs-full', action: 'full', dataLoss: true, when: (s) => isManaged(s) && !onlyPartialSafe(s) },
  { rule: 'forced-full', action: 'full', dataLoss: true, when: (s) => isManaged(s) && s.strategy === 'full' },
  { rule: 'partial-safe', action: 'partial', dataLoss: false, when: (s) => isManaged(s) },
];

export function decideAction(input: RuleInput): ActionDecision {
  const row = ACTION_RULES.find((r) => r.when(input));
  if (row === undefined) {
    // Only reachable for an id that is neither declared nor in state: a caller bug.
    throw new Error(`no action rule matches ${JSON.stringify({ declared: input.declared, inState: input.inState })}`);
  }
  return { rule: row.rule, action: row.action, dataLoss: row.dataLoss };
}

/** The changes that force a full update (Change[] → Change[] policy filter). */
export function blockingChanges(changes: readonly Change[]): Change[] {
  return changes.filter((c) => !PARTIAL_SAFE_KINDS.has(c.kind));
}
