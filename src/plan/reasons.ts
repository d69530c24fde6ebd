import { pathSegments, type Change } from '../diff/change.js';
import { describeChange, joinWords } from '../diff/describe-change.js';
import type { PendingWork } from '../state/types.js';
import type { PlanAction } from './types.js';
import type { PlanMove } from './moved-changes.js';
import { blockingChanges, type RemoteStatus, type RuleId } from './action-rules.js';

/** Who asked for a prune, in the delete's first reason; prune-reasons.ts names the environment's `prune: true` instead where it asked. */
export const PRUNE_BY_FLAG = '--prune is set';

export interface ReasonContext {
  id: string;
  rule: RuleId;
  remote: RemoteStatus;
  changes: readonly Change[];
  /** Languages whose items exist now: from state, or from the service for rule 1. */
  itemLanguages: readonly string[];
  /** The declaration's `data:` globs ([] when none or not declared). */
  dataGlobs: readonly string[];
  /** The declaration has an `import:` block: its items come from `graphform assets sync`, which apply never runs. */
  importsAssets?: boolean;
  /** Removals and additions that `moved:` entries pair: described as one rename each. */
  moves?: readonly PlanMove[];
}

/** Each change in words, a removal and addition a move pairs as "renaming content type A to B" (once). */
function describeWithMoves(changes: readonly Change[], moves: readonly PlanMove[]): string[] {
  if (moves.length === 0) return changes.map(describeChange);
  const name = (change: Change): string => {
    const [, type = '', , property = ''] = pathSegments(change.path);
    return change.kind.startsWith('property.') ? `${type}.${property}` : type;
  };
  const words: string[] = [];
  for (const change of changes) {
    const move = moves.find(
      (m) => (change.kind === `${m.kind}.removed` && name(change) === m.from) || (change.kind === `${m.kind}.added` && name(change) === m.to),
    );
    if (move === undefined) words.push(describeChange(change));
    else if (change.kind.endsWith('.removed'))
      words.push(
        `renaming ${move.kind === 'contentType' ? 'content type' : move.kind === 'propertyType' ? 'property type' : 'property'} ${move.from} to ${move.to}`,
      );
  }
  return words;
}

/**
 * The plain-words reasons of one source's action, written per rule of the table. For a
 * data-loss action the first reason says what is deleted: renderers rely on it.
 */
export function explainAction(ctx: ReasonContext): string[] {
  const { id } = ctx;
  const deletes = `deletes all items of source ${id}${inLanguages(ctx.itemLanguages)}`;
  const described = (changes: readonly Change[]): string => joinWords(describeWithMoves(changes, ctx.moves ?? []));
  const needs = (changes: readonly Change[]): string => (changes.length === 1 ? 'needs' : 'need');
  const sync = (when: string): string[] =>
    ctx.importsAssets === true
      ? [`${when}, run \`graphform assets sync ${id}\` to bring its items from the marketing platform's assets (import:); apply does not sync`]
      : [];
  const repush = [
    ...(ctx.dataGlobs.length > 0 ? [`after the full update, graphform pushes the items of ${ctx.dataGlobs.join(', ')} again`] : []),
    ...sync('after the full update'),
  ];
  const pushAfterCreate = [
    ...(ctx.dataGlobs.length > 0 ? [`once it is created, graphform pushes the items of ${ctx.dataGlobs.join(', ')}`] : []),
    ...sync('once it is created'),
  ];
  const importHint = `run \`graphform import ${id}\` first to adopt it into state instead`;

  switch (ctx.rule) {
    case 'already-applied':
      return [
        `the service already has exactly this definition of source ${id}, but state does not record it (an earlier apply stopped before writing state?): ` +
          'nothing is sent; apply records it in state',
        ...(ctx.dataGlobs.length > 0 ? [`if that earlier update deleted its items, push them again with \`graphform data push ${id}\``] : []),
      ];
    case 'exists-remotely':
      return [`source ${id} already exists in the service but is not in state: a full update ${deletes}`, importHint, ...repush];
    case 'new-source':
      return [`source ${id} is new (the service does not have it): a full update creates it; there are no items to lose`, ...pushAfterCreate];
    case 'new-source-unchecked':
      return [
        `source ${id} is not in state: a full update creates it`,
        ctx.remote === 'unsupported'
          ? `Warning: the service cannot say whether source ${id} already exists (it does not support reading types back); ` +
            `if it does, this full update deletes all its items: ${importHint}`
          : `Warning: graphform did not ask the service whether source ${id} already exists (refresh is off); ` +
            `if it does, this full update deletes all its items: ${importHint}`,
        ...pushAfterCreate,
      ];
    case 'orphan-gone':
      return [
        `source ${id} is in state but no longer declared, and the service no longer has it: ` +
          `nothing to purge; run \`graphform state rm ${id}\` to drop it from state`,
      ];
    case 'prune':
      return [
        `source ${id} is no longer declared and ${PRUNE_BY_FLAG}: DELETE sources deletes the source itself, ` +
          `its content types, and all its items${inLanguages(ctx.itemLanguages)}, freeing its place in the account's source limit`,
        `run \`graphform state rm ${id}\` instead to stop managing it and keep it, or \`graphform data purge ${id}\` to empty it but keep its types`,
      ];
    case 'orphan':
      return [
        `source ${id} is in state but no longer declared: graphform leaves it and its items in the service untouched; ` +
          `declare it again, plan with --prune to delete the source, or run \`graphform state rm ${id}\` to stop managing it`,
      ];
    case 'recreate':
      return [
        `Warning: state records source ${id}, but the service says it does not exist (removed outside graphform?): ` +
          'a full update creates it again; there are no items to lose',
        ...pushAfterCreate,
      ];
    case 'unchanged':
      return [];
    case 'needs-full': {
      const blocking = blockingChanges(ctx.changes);
      return [`${described(blocking)} ${needs(blocking)} a full update, which ${deletes}`, ...repush];
    }
    case 'forced-full':
      return [`--strategy full sends ${described(ctx.changes)} as a full update, which ${deletes}`, ...repush];
    case 'partial-safe':
      return [`${described(ctx.changes)} can be sent as a partial update; items are kept`, ...renamedOnTheWire(ctx)];
    default: {
      const unreachable: never = ctx.rule;
      return [String(unreachable)];
    }
  }
}

/**
 * A warning when the service's definition differs from state (changed outside graphform).
 * A full update replaces the service's definition with the declaration: then the warning
 * says that what was changed outside is replaced too.
 */
export function driftWarning(id: string, drift: readonly Change[], action?: PlanAction): string[] {
  if (drift.length === 0) return [];
  const replaced = action === 'full' || action === 'create' ? '; the full update replaces them with the declaration: declare them to keep them' : '';
  return [
    `Warning: drift: source ${id} was changed in the service outside graphform since the last apply (${joinWords(drift.map(describeChange))}); ` +
      `the plan compares with state${replaced}`,
  ];
}

/**
 * A warning naming the fields the service holds that graphform does not know and the
 * declaration does not carry: never silently removed.
 */
export function unknownFieldsWarning(id: string, paths: readonly string[], action?: PlanAction): string[] {
  if (paths.length === 0) return [];
  const fate =
    action === 'full' || action === 'create'
      ? 'the full update does not send them, so the service drops them'
      : 'a full update would not send them, so the service would drop them';
  return [
    `Warning: the service's definition of source ${id} has fields graphform does not know: ` +
      `${paths.join(', ')}; ${fate}. Declare them under unknownFields at their level (\`graphform import ${id} --out FILE\` writes them) to keep them`,
  ];
}

/** The stable code of the warning that a definition holds one of graphform's configured secrets. */
export const SECRET_IN_DEFINITION = 'GF_SECRET_IN_DEFINITION';

/**
 * Names the fields of a source that hold one of graphform's configured secrets, as the
 * service or the declaration has them (graph/secret-values.ts), and what to do: graphform
 * writes "[redacted]" in their place everywhere and sends back what the service holds.
 */
export function secretValuesNotice(id: string, paths: readonly string[]): string {
  return (
    `${SECRET_IN_DEFINITION}: source ${id} holds one of graphform's configured secrets at ${paths.join(', ')}. ` +
    'graphform never writes it: declarations, state, plan files and output show "[redacted]" there, ' +
    'and each request for the source sends back the value the service holds. ' +
    "Anyone who can read the source's definition can read that secret: give the field a value of its own on the service, or rotate the secret"
  );
}

/**
 * The plan's warning for a source whose declaration or service definition holds a secret
 * (as "[redacted]"); `notHeld` are the declared ones the service holds no secret at, which
 * apply cannot send (GF_GRAPH_SECRET_NOT_HELD).
 */
export function secretValuesWarning(id: string, paths: readonly string[], notHeld: readonly string[]): string[] {
  if (paths.length === 0) return [];
  const refused =
    notHeld.length === 0
      ? ''
      : `; the service holds no secret at ${notHeld.join(', ')}, so apply refuses to send this source (GF_GRAPH_SECRET_NOT_HELD): ` +
        `put the value back on the service, or declare the field with a value that is not one of graphform's secrets`;
  return [`Warning: ${secretValuesNotice(id, paths)}${refused}`];
}

function inLanguages(languages: readonly string[]): string {
  return languages.length === 0 ? '' : ` in ${languages.join(', ')}`;
}

/** Work an interrupted apply left in state: says what is missing and what finishes it, without forgetting any item. */
export function pendingWarning(id: string, pending: PendingWork, dataGlobs: readonly string[]): string[] {
  const since = `since ${pending.repush.since}`;
  const keep = pending.keep;
  if (keep !== undefined) {
    // `state rm` would forget the snapshot's items, and `data push` pushes none of them: apply and data restore are what push them.
    const files = dataGlobs.length > 0 ? ` and then ${dataGlobs.join(', ')}` : '';
    return [
      `Warning: pending re-push (${since}): ${pending.repush.reason}; ` +
        `apply pushes the ${keep.items} items of ${keep.snapshot}${files} again first (or run \`graphform data restore ${keep.snapshot}\`)`,
    ];
  }
  if (dataGlobs.length === 0) {
    return [
      `Warning: pending re-push (${since}): ${pending.repush.reason}, but source ${id} no longer declares data: ` +
        `files; declare them again and run \`graphform apply\`, which pushes them and clears the marker`,
    ];
  }
  return [
    `Warning: pending re-push (${since}): ${pending.repush.reason}, and an earlier apply stopped before pushing all of ${dataGlobs.join(', ')}; ` +
      `apply pushes them again first (or run \`graphform data push ${id}\`)`,
  ];
}

/**
 * A searchable switch renames the property's field in data lines (`Name` ↔ `Name___searchable`,
 * data/wire-names.ts): the items the partial update keeps hold their values under the old
 * name, which GraphQL no longer serves, so apply reads every item before it and pushes each
 * one holding such a value again after it (the keep step; its account in the plan counts them).
 */
function renamedOnTheWire(ctx: ReasonContext): string[] {
  const renamed = ctx.changes.filter((change) => change.kind === 'property.searchableChanged');
  if (renamed.length === 0) return [];
  const what =
    `${joinWords(renamed.map(describeChange))} renames ${renamed.length === 1 ? 'its field' : 'their fields'} in data lines (\`___searchable\`), ` +
    'and the items keep their values under the old name, which GraphQL no longer serves';
  const files = ctx.dataGlobs.length > 0 ? `, with ${ctx.dataGlobs.join(', ')}` : '';
  return [`${what}: apply reads every item before the update and pushes each one that holds such a value again after it, under the new name${files}`];
}
