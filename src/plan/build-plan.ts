import { compareDiagnostics } from '../diagnostics/diagnostic.js';
import { GraphformError } from '../diagnostics/errors.js';
import { didYouMean } from '../diagnostics/suggest.js';
import type { Change } from '../diff/change.js';
import { diffCanonical } from '../diff/diff-source.js';
import type { RemoteDefinition } from '../graph/types.js';
import { canonicalDefinition, canonicalText, compareText, typesPart } from '../model/canonical.js';
import { DeclarationsHash, hashDeclarations } from '../model/hash.js';
import type { SourceDeclaration, SourceDefinition } from '../model/types.js';
import type { StateSourceEntry } from '../state/types.js';
import { decideAction, SOURCES_POST_KINDS, TYPES_POST_KINDS, type RemoteStatus } from './action-rules.js';
import { pairedMoves, type PlanMove } from './moved-changes.js';
import { summarize } from './policy.js';
import { explainAction, pendingWarning, secretValuesWarning, unknownFieldsWarning } from './reasons.js';
import { redactedDefinitionPaths } from '../graph/secret-values.js';
import { unknownFieldPaths, withoutUnknownFields } from '../model/unknown-fields.js';
import { fullBody, labelsBody, partialBody, sourcesPath, typesPath } from './request-body.js';
import {
  PLAN_FORMAT_VERSION,
  type Plan,
  type PlanAction,
  type PlanInput,
  type PlanOptions,
  type PlanRequest,
  type PlanSource,
  type UnmanagedSource,
} from './types.js';
import { CMS_SOURCE_ID } from '../graph/source-id.js';

/**
 * The plan: for every declared or recorded source, what changes, which request carries
 * it, and whether items are deleted. Pure: all it knows arrives in `input`.
 */
export function buildPlan(input: PlanInput): Plan {
  const declarations = new Map(input.declarations.map((d) => [d.id, d]));
  const recorded = input.state?.sources ?? {};
  const ids = [...new Set([...declarations.keys(), ...Object.keys(recorded)])].sort(compareText);
  const selected = new Set(selectTargets(ids, input.options.targets));
  // Each declaration is made canonical once, for its plan and for desiredHash, which takes
  // them in the same (id) order; two declarations of one id are left to hashDeclarations.
  const hash = declarations.size === input.declarations.length ? new DeclarationsHash() : undefined;
  const sources: PlanSource[] = [];
  for (const id of ids) {
    const declaration = declarations.get(id);
    const desired = declaration === undefined ? undefined : canonicalDefinition(declaration.definition);
    if (declaration !== undefined && desired !== undefined) hash?.add(declaration, desired);
    if (selected.has(id)) sources.push(planSource(id, declaration, desired, recorded[id], input.remote[id], input.options));
  }
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    tool: { name: input.tool.name, version: input.tool.version },
    environment: input.environment,
    state: input.state === undefined ? null : { lineage: input.state.lineage, serial: input.state.serial },
    desiredHash: hash?.digest() ?? hashDeclarations(input.declarations),
    createdAt: input.createdAt,
    summary: summarize(sources),
    sources,
    unmanaged: unmanagedSources(input.account, ids),
    diagnostics: [...input.diagnostics].sort(compareDiagnostics),
  };
}

/** `desired` is the declaration's canonical form; each definition is made canonical once, for every comparison below. */
function planSource(
  id: string,
  declaration: SourceDeclaration | undefined,
  desired: SourceDefinition | undefined,
  entry: StateSourceEntry | undefined,
  remote: RemoteDefinition | undefined,
  options: PlanOptions,
): PlanSource {
  const applied = entry === undefined ? undefined : canonicalDefinition(entry.definition);
  const remoteStatus: RemoteStatus = remote?.status ?? 'not-asked';
  const found = remote?.status === 'found' ? remote : undefined;
  const current = found === undefined ? undefined : canonicalDefinition(found.definition);
  // A service whose GET types has no description keeps it in the sources API only: then the
  // description is left out of every comparison with its answer, and a description change
  // is never "already applied".
  const comparable = (canonical: SourceDefinition): SourceDefinition => (found?.hasDescription === true ? canonical : typesPart(canonical));
  // The plan starts from what the service holds: a source in state that the service was asked
  // about is diffed from its answer (the description, where GET types has none, from state), so
  // a change made outside graphform is undone by the same rules; state is the base otherwise.
  // Fields the service holds that graphform does not know and the declaration does not carry are warned about, never planned away.
  const undeclared = found === undefined || declaration === undefined ? [] : undeclaredUnknownFields(found.unknown, declaration.definition);
  const heldNow =
    applied !== undefined && current !== undefined
      ? heldDefinition(canonicalDefinition(withoutUnknownFields(current, undeclared)), applied, found?.hasDescription === true)
      : undefined;
  // The service holding exactly the declaration that state does not record yet is an earlier
  // apply stopped before its state write, not a change made outside: apply records it.
  const adopted = heldNow !== undefined && desired !== undefined && canonicalText(comparable(heldNow)) === canonicalText(comparable(desired));
  const held = adopted ? undefined : heldNow;
  const changes = diffCanonical(held ?? applied, desired);
  const outside = held !== undefined && applied !== undefined ? diffCanonical(applied, held) : [];
  const remoteMatchesDeclaration =
    current !== undefined &&
    desired !== undefined &&
    canonicalText(comparable(current)) === canonicalText(comparable(desired)) &&
    (found?.hasDescription === true || !changes.some((c) => c.kind === 'source.descriptionChanged'));
  const decision = decideAction({
    declared: declaration !== undefined,
    inState: entry !== undefined,
    remote: remoteStatus,
    changes,
    remoteMatchesDeclaration,
    strategy: options.strategy,
    prune: options.prune,
  });
  const itemLanguages = (applied ?? current)?.languages ?? [];
  const reasons = explainAction({
    id,
    rule: decision.rule,
    remote: remoteStatus,
    changes,
    itemLanguages,
    dataGlobs: declaration?.data ?? [],
    importsAssets: declaration?.import !== undefined,
    moves: pairedMoves(changes, declaration?.moved),
  });
  const pending = entry?.pending;
  const requests = requestsFor(decision.action, id, declaration, changes);
  return {
    id,
    action: decision.action,
    dataLoss: decision.dataLoss,
    reasons: [
      ...reasons,
      ...unknownFieldsWarning(id, undeclared, decision.action),
      ...secretWarning(id, desired, current, remoteStatus, requests.length > 0),
      ...(pending === undefined ? [] : pendingWarning(id, pending, declaration?.data ?? [])),
    ],
    changes,
    ...(outside.length === 0 ? {} : { outside }),
    ...movesOf(changes, declaration),
    requests,
    ...(pending === undefined ? {} : { pending }),
  };
}

/** What the service holds, in canonical form; its description from state when GET types does not answer one. */
function heldDefinition(current: SourceDefinition, applied: SourceDefinition, hasDescription: boolean): SourceDefinition {
  if (hasDescription) return current;
  const { description } = applied;
  return description === undefined ? typesPart(current) : canonicalDefinition({ ...typesPart(current), description });
}

function movesOf(changes: readonly Change[], declaration: SourceDeclaration | undefined): { moves?: PlanMove[] } {
  const moves = pairedMoves(changes, declaration?.moved);
  return moves.length === 0 ? {} : { moves };
}

/**
 * The requests of an action, in sending order. A PUT carries the label but not the
 * description, so a description that is new or changed follows it by POST sources; a
 * partial update sends POST types for type changes and POST sources for label and
 * description changes, each only when needed.
 */
function requestsFor(action: PlanAction, id: string, declaration: SourceDeclaration | undefined, changes: readonly Change[]): PlanRequest[] {
  const labels = (): PlanRequest => ({ kind: 'sources.post', method: 'POST', path: sourcesPath(id), body: labelsBody(declared(declaration, id)) });
  switch (action) {
    case 'none':
    case 'orphan':
      return [];
    case 'delete':
      return [{ kind: 'sources.delete', method: 'DELETE', path: sourcesPath(id), body: null }];
    case 'create':
    case 'full': {
      const definition = declared(declaration, id);
      const described =
        changes.some((c) => c.kind === 'source.descriptionChanged') ||
        (changes.some((c) => c.kind === 'source.added') && (definition.description ?? '') !== '');
      return [{ kind: 'types.put', method: 'PUT', path: typesPath(id), body: fullBody(definition) }, ...(described ? [labels()] : [])];
    }
    case 'partial': {
      const types = changes.filter((c) => TYPES_POST_KINDS.has(c.kind));
      const sources = changes.some((c) => SOURCES_POST_KINDS.has(c.kind));
      return [
        ...(types.length > 0
          ? [{ kind: 'types.post', method: 'POST', path: typesPath(id), body: partialBody(declared(declaration, id), types) } as const]
          : []),
        ...(sources ? [labels()] : []),
      ];
    }
    default: {
      const unreachable: never = action;
      throw new Error(`unknown action ${String(unreachable)}`);
    }
  }
}

/**
 * The fields of the declaration and of the service's definition that hold a secret (as
 * "[redacted]"), and those declared ones a request would send while the service holds no
 * secret there to send back (only known when the service was asked).
 */
function secretWarning(
  id: string,
  desired: SourceDefinition | undefined,
  current: SourceDefinition | undefined,
  remote: RemoteStatus,
  sends: boolean,
): string[] {
  const declared = desired === undefined ? [] : redactedDefinitionPaths(desired);
  const held = current === undefined ? [] : redactedDefinitionPaths(current);
  const asked = remote === 'found' || remote === 'missing';
  const notHeld = sends && asked ? declared.filter((path) => !held.includes(path)) : [];
  return secretValuesWarning(id, [...new Set([...declared, ...held])].sort(), notHeld);
}

/**
 * The fields the service's answer had that graphform does not know and the declaration does
 * not carry under `unknownFields`: a full update would remove them, so the plan names them.
 */
function undeclaredUnknownFields(paths: readonly string[], definition: SourceDefinition): string[] {
  const declared = new Set(unknownFieldPaths(definition));
  return paths.filter((path) => !declared.has(path));
}

function declared(declaration: SourceDeclaration | undefined, id: string): SourceDefinition {
  if (declaration === undefined) throw new Error(`the rule table sent a request for source ${id}, which is not declared`);
  return declaration.definition;
}

/**
 * The account's sources graphform does not manage: neither declared nor in state, and not
 * the CMS's own `default`. `import` adopts them.
 */
function unmanagedSources(account: PlanInput['account'], managed: readonly string[]): UnmanagedSource[] {
  const known = new Set(managed);
  return (account ?? [])
    .filter((s) => s.id !== CMS_SOURCE_ID && !known.has(s.id))
    .map((s) => ({ id: s.id, label: s.label, languages: [...s.languages] }))
    .sort((a, b) => compareText(a.id, b.id));
}

/** `--source ID…`: only those ids; an id neither declared nor in state is an error. */
function selectTargets(ids: readonly string[], targets: readonly string[] | undefined): string[] {
  if (targets === undefined || targets.length === 0) return [...ids];
  const unknown = targets.filter((t) => !ids.includes(t));
  if (unknown.length > 0) {
    const first = unknown[0] ?? '';
    throw new GraphformError(
      'GF_PLAN_UNKNOWN_SOURCE',
      `--source ${unknown.join(', ')}: no source with ${unknown.length === 1 ? 'that id' : 'those ids'} is declared or in state${didYouMean(first, ids)}`,
      { details: { unknown, known: [...ids] }, hint: ids.length > 0 ? `Known sources: ${ids.join(', ')}` : 'No sources are declared or in state.' },
    );
  }
  const wanted = new Set(targets);
  return ids.filter((id) => wanted.has(id));
}
