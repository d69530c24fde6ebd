import { GraphformError } from '../diagnostics/errors.js';
import { isChangeKind } from '../diff/change.js';
import { TOOL_NAME } from '../version.js';
import { sourcesPath, typesPath } from './request-body.js';
import { GRAPHQL_CRITICALITIES, PLAN_ACTIONS, PLAN_FORMAT_VERSION, type Plan, type PlanAction, type PlanRequest, type PlanRequestKind } from './types.js';
import { isRecord } from '../model/is-record.js';
import type { PartialTypesBody } from '../model/types.js';
import { wireDefinition, wirePartialBody } from '../model/wire.js';
import { readDefinition } from '../graph/read-definition.js';
import { planJsonError } from './plan-file-json.js';
import { excerpt } from '../diagnostics/excerpt.js';

/** Longest value of the file a message quotes. */
const QUOTED_CHARS = 80;

/**
 * The plan file (`plan --out FILE`): the contract JSON, 2-space indented, final newline.
 * Request bodies are written as they go on the wire (fields graphform does not know spread
 * back into their level), so the file shows exactly what apply sends.
 */
export function serializePlan(plan: Plan): string {
  const wire = { ...plan, sources: plan.sources.map((source) => ({ ...source, requests: source.requests.map(wireRequest) })) };
  return `${JSON.stringify(wire, null, 2)}\n`;
}

function wireRequest(request: PlanRequest): unknown {
  switch (request.kind) {
    case 'types.put':
      return { ...request, body: wireDefinition(request.body) };
    case 'types.post':
      return { ...request, body: wirePartialBody(request.body) };
    default:
      return request;
  }
}

/** A types body read back from a plan file into the model apply sends from. */
function modelRequest(request: Record<string, unknown>): string | undefined {
  if (request.kind !== 'types.put' && request.kind !== 'types.post') return undefined;
  const read = readDefinition(request.body);
  if (!read.ok) return `request ${String(request.kind)} has a body graphform cannot read: ${read.problem}`;
  const { definition } = read;
  if (request.kind === 'types.put') request.body = definition;
  else {
    const body: PartialTypesBody = { languages: definition.languages, contentTypes: definition.contentTypes };
    if (definition.preset !== undefined) body.preset = definition.preset;
    if (definition.useTypedFieldNames !== undefined) body.useTypedFieldNames = definition.useTypedFieldNames;
    if (definition.links !== undefined) body.links = definition.links;
    if (definition.unknownFields !== undefined) body.unknownFields = definition.unknownFields;
    request.body = body;
  }
  return undefined;
}

/**
 * Reads a plan file, refusing a format version or tool it does not know: applying a plan
 * that was only half understood could send the wrong verb.
 */
export function parsePlanFile(text: string, fileName: string): Plan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw planJsonError(text, fileName, error);
  }
  if (!isRecord(value)) throw planError(fileName, 'is not a JSON object');
  const tool = value.tool;
  if (!isRecord(tool) || tool.name !== TOOL_NAME || typeof tool.version !== 'string') {
    throw planError(fileName, `was not written by ${TOOL_NAME} (tool is ${excerpt(JSON.stringify(tool ?? null), QUOTED_CHARS)})`);
  }
  if (value.formatVersion === 1) {
    throw planError(
      fileName,
      `has formatVersion 1, written by ${TOOL_NAME} ${tool.version} before plans could hold several requests per source ` +
        `(and before --prune deleted sources); this version applies only formatVersion ${PLAN_FORMAT_VERSION}`,
    );
  }
  if (value.formatVersion !== PLAN_FORMAT_VERSION) {
    throw planError(
      fileName,
      `has formatVersion ${JSON.stringify(value.formatVersion ?? null)}, written by ${TOOL_NAME} ${tool.version}; ` +
        `this version reads only formatVersion ${PLAN_FORMAT_VERSION}`,
    );
  }
  const problem = shapeProblem(value);
  if (problem !== undefined) throw planError(fileName, `is not a valid plan: ${problem}`);
  return value as unknown as Plan;
}

function shapeProblem(plan: Record<string, unknown>): string | undefined {
  for (const key of ['environment', 'desiredHash', 'createdAt'] as const) {
    if (typeof plan[key] !== 'string') return `${key} is not a string`;
  }
  const state = plan.state;
  if (state !== null && (!isRecord(state) || typeof state.lineage !== 'string' || typeof state.serial !== 'number')) {
    return 'state is neither null nor {lineage, serial}';
  }
  if (!isRecord(plan.summary)) return 'summary is not an object';
  if (!Array.isArray(plan.diagnostics)) return 'diagnostics is not a list';
  if (!Array.isArray(plan.sources)) return 'sources is not a list';
  if (!Array.isArray(plan.unmanaged)) return 'unmanaged is not a list';
  for (const [index, source] of plan.sources.entries()) {
    const problem = sourceProblem(source);
    if (problem !== undefined) return `sources[${index}]: ${problem}`;
  }
  return undefined;
}

function sourceProblem(source: unknown): string | undefined {
  if (!isRecord(source)) return 'not an object';
  if (typeof source.id !== 'string') return 'id is not a string';
  if (!(PLAN_ACTIONS as readonly unknown[]).includes(source.action)) return `unknown action ${JSON.stringify(source.action ?? null)}`;
  if (typeof source.dataLoss !== 'boolean') return 'dataLoss is not a boolean';
  if (!Array.isArray(source.reasons) || !source.reasons.every((r) => typeof r === 'string')) return 'reasons is not a list of strings';
  if (!Array.isArray(source.changes)) return 'changes is not a list';
  for (const change of source.changes) {
    if (!isRecord(change) || !isChangeKind(change.kind) || typeof change.path !== 'string') {
      return `unknown change ${JSON.stringify(isRecord(change) ? (change.kind ?? null) : change)}`;
    }
  }
  const graphqlProblem = graphqlChangesProblem(source.graphqlChanges);
  if (graphqlProblem !== undefined) return graphqlProblem;
  const countProblem = deletesProblem(source.deletes);
  if (countProblem !== undefined) return countProblem;
  const keepIssue = keepProblem(source.keep);
  if (keepIssue !== undefined) return keepIssue;
  const action = source.action as PlanAction;
  // apply trusts the file: its requests, its action and its data-loss flag must agree, so
  // an edited file cannot slip a PUT or a delete past --allow-data-loss. A full update
  // loses nothing only when its keep account says every item comes back whole; a partial
  // update that renames fields in data lines (it has a keep account) loses what that says.
  const keepLoses = keepAccountLoses(source.keep);
  const loses = action === 'delete' || (action === 'full' && (source.keep === undefined || keepLoses)) || (action === 'partial' && keepLoses);
  if (source.dataLoss !== loses) return `dataLoss ${String(source.dataLoss)} does not fit action ${action}`;
  if (!Array.isArray(source.requests)) return 'requests is not a list';
  const kinds: string[] = [];
  for (const request of source.requests) {
    const problem = requestProblem(request, source.id) ?? modelRequest(request as Record<string, unknown>);
    if (problem !== undefined) return problem;
    kinds.push((request as { kind: string }).kind);
  }
  return ALLOWED_REQUESTS[action](kinds) ? undefined : `action ${action} does not send ${kinds.length === 0 ? 'nothing' : kinds.join(' then ')}`;
}

/** A keep account (checked by keepProblem) that loses items or values; false without one. */
function keepAccountLoses(keep: unknown): boolean {
  if (!isRecord(keep)) return false;
  if (keep.known !== true || keep.lost !== 0 || keep.blocked === true) return true;
  // Items given keep.defaults._rbac whatever access they had lose who may read them.
  if (!isRecord(keep.access) || keep.access.fromDefault !== 0) return true;
  return Array.isArray(keep.unserved) && keep.unserved.some((u) => isRecord(u) && typeof u.items === 'number' && u.items > 0);
}

/** `graphqlChanges` is optional (plans of earlier versions lack it); when there, apply's failOnBreaking reads it. */
function graphqlChangesProblem(changes: unknown): string | undefined {
  if (changes === undefined) return undefined;
  if (!Array.isArray(changes)) return 'graphqlChanges is not a list';
  const bad = changes.find(
    (c) =>
      !isRecord(c) ||
      !(GRAPHQL_CRITICALITIES as readonly unknown[]).includes(c.criticality) ||
      typeof c.message !== 'string' ||
      (c.path !== null && typeof c.path !== 'string'),
  );
  return bad === undefined
    ? undefined
    : `a GraphQL change is not {criticality: BREAKING|DANGEROUS|NON_BREAKING, message, path}: ${(JSON.stringify(bad) ?? String(bad)).slice(0, 200)}`;
}

/** `deletes` is optional (counted only for data-losing sources); when there, apply shows it, so it must read as a count. */
function deletesProblem(deletes: unknown): string | undefined {
  if (deletes === undefined) return undefined;
  const fits =
    isRecord(deletes) &&
    (deletes.known === true
      ? typeof deletes.total === 'number' && isRecord(deletes.byLanguage) && Object.values(deletes.byLanguage).every((n) => typeof n === 'number')
      : deletes.known === false && typeof deletes.reason === 'string');
  return fits ? undefined : 'deletes is neither {known: true, total, byLanguage} nor {known: false, reason}';
}

/**
 * `keep` is optional (only full updates of sources the service holds, and partial ones that rename fields in data lines, have it); when there,
 * the renderers read every part of it, so an edited file must still hold each part in its
 * shape: {known: false, reason}, or {known: true, …} with counts, rows and lists.
 */
/** `{public, hidden, fromDefault}`, each a count. */
function isAccessCounts(access: unknown): access is Record<string, unknown> {
  return isRecord(access) && ['public', 'hidden', 'fromDefault'].every((key) => isCount(access[key]));
}

function keepProblem(keep: unknown): string | undefined {
  if (keep === undefined) return undefined;
  const shape = 'keep is neither {known: false, reason} nor {known: true, enabled, deleted, fromData, kept, lost, rows, …}';
  if (!isRecord(keep)) return shape;
  if (keep.known === false) return typeof keep.reason === 'string' ? undefined : shape;
  if (keep.known !== true) return shape;
  const bad = (what: string): string => `keep.${what}`;
  if (typeof keep.enabled !== 'boolean' || typeof keep.blocked !== 'boolean') return `${shape}: enabled or blocked is not a boolean`;
  for (const key of ['deleted', 'fromData', 'kept', 'lost'] as const) if (!isCount(keep[key])) return `${bad(key)} is not a count`;
  if (!isCounts(keep.lostBy)) return `${bad('lostBy')} is not an object of counts`;
  if (!Array.isArray(keep.rows)) return `${bad('rows')} is not a list`;
  for (const [index, row] of keep.rows.entries()) {
    const fits =
      isRecord(row) &&
      typeof row.type === 'string' &&
      (row.to === null || typeof row.to === 'string') &&
      typeof row.language === 'string' &&
      ['deleted', 'fromData', 'kept', 'lost'].every((key) => isCount(row[key])) &&
      isCounts(row.lostBy) &&
      isAccessCounts(row.access);
    if (!fits) return `${bad(`rows[${index}]`)} is not {type, to, language, deleted, fromData, kept, lost, lostBy, access}`;
  }
  if (!isAccessCounts(keep.access) || !['served', 'single-key', 'default'].includes(String(keep.access.source)))
    return `${bad('access')} is not {source, public, hidden, fromDefault}`;
  const lists: ReadonlyArray<[string, (x: Record<string, unknown>) => boolean]> = [
    ['moved', (x) => typeof x.from === 'string' && typeof x.to === 'string' && isCount(x.items)],
    ['dropped', (x) => typeof x.property === 'string' && typeof x.why === 'string' && isCount(x.items)],
    [
      'conversions',
      (x) =>
        ['property', 'from', 'to', 'onError'].every((key) => typeof x[key] === 'string') &&
        isCount(x.items) &&
        Array.isArray(x.examples) &&
        x.examples.every(
          (e) => isRecord(e) && typeof e.id === 'string' && typeof e.language === 'string' && (e.value === undefined || typeof e.value === 'string'),
        ),
    ],
    ['lostExamples', (x) => ['id', 'language', 'type', 'reason', 'detail'].every((key) => typeof x[key] === 'string')],
    ['unserved', (x) => typeof x.property === 'string' && isCount(x.items)],
  ];
  if (keep.rename !== undefined && typeof keep.rename !== 'boolean') return `${bad('rename')} is not a boolean`;
  for (const [key, fits] of lists) {
    const list = keep[key];
    // Only a source with values the service does not serve has `unserved`.
    if (key === 'unserved' && list === undefined) continue;
    if (!Array.isArray(list) || !list.every((x) => isRecord(x) && fits(x))) return `${bad(key)} is not a list of its entries`;
  }
  for (const key of ['unreadable', 'removedLanguages'] as const) {
    const list = keep[key];
    if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) return `${bad(key)} is not a list of strings`;
  }
  if (!isRecord(keep.defaults) || !Object.values(keep.defaults).every((v) => typeof v === 'string')) return `${bad('defaults')} is not an object of strings`;
  return undefined;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}

function isCounts(value: unknown): boolean {
  return isRecord(value) && Object.values(value).every(isCount);
}

/** Each request's kind, method, path and body fit together, and its path names the source. */
function requestProblem(request: unknown, id: string): string | undefined {
  if (!isRecord(request) || typeof request.path !== 'string' || typeof request.kind !== 'string') return 'a request is not {kind, method, path, body}';
  if (!Object.hasOwn(REQUEST_SHAPES, request.kind)) return `unknown request kind ${JSON.stringify(request.kind)}`;
  const expected = REQUEST_SHAPES[request.kind as PlanRequestKind];
  if (request.method !== expected.method) return `a ${request.kind} request is sent with ${expected.method}, not ${JSON.stringify(request.method ?? null)}`;
  if (request.path !== expected.path(id)) return `request path ${request.path} is not the ${request.kind} path for source ${id}`;
  if (expected.body === null ? request.body !== null : !isRecord(request.body)) return `request ${request.kind} ${request.path} does not fit its body`;
  return undefined;
}

const REQUEST_SHAPES: Readonly<Record<PlanRequestKind, { method: string; path: (id: string) => string; body: 'object' | null }>> = {
  'types.put': { method: 'PUT', path: typesPath, body: 'object' },
  'types.post': { method: 'POST', path: typesPath, body: 'object' },
  'sources.post': { method: 'POST', path: sourcesPath, body: 'object' },
  'sources.delete': { method: 'DELETE', path: sourcesPath, body: null },
};

/** The request sequences each action may send (build-plan.ts's requestsFor makes exactly these). */
const ALLOWED_REQUESTS: Readonly<Record<PlanAction, (kinds: readonly string[]) => boolean>> = {
  none: (k) => k.length === 0,
  orphan: (k) => k.length === 0,
  create: (k) => k[0] === 'types.put' && (k.length === 1 || (k.length === 2 && k[1] === 'sources.post')),
  full: (k) => k[0] === 'types.put' && (k.length === 1 || (k.length === 2 && k[1] === 'sources.post')),
  partial: (k) => ['types.post', 'sources.post', 'types.post,sources.post'].includes(k.join(',')),
  delete: (k) => k.length === 1 && k[0] === 'sources.delete',
};

function planError(fileName: string, problem: string): GraphformError {
  return new GraphformError('GF_PLAN_FORMAT', `The plan file ${fileName} ${problem}.`, {
    details: { file: fileName },
    hint: 'Make a new plan with `graphform plan --out FILE` using this version of graphform.',
  });
}
