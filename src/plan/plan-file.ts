import { GraphformError } from '../diagnostics/errors.js';
import { isChangeKind } from '../diff/change.js';
import { TOOL_NAME } from '../version.js';
import { purgePath, typesPath } from './request-body.js';
import { PLAN_ACTIONS, PLAN_FORMAT_VERSION, type Plan, type PlanAction } from './types.js';
import { isRecord } from '../model/is-record.js';

/** The plan file (`plan --out FILE`): the contract JSON, 2-space indented, final newline. */
export function serializePlan(plan: Plan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
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
    throw planError(fileName, `is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(value)) throw planError(fileName, 'is not a JSON object');
  const tool = value.tool;
  if (!isRecord(tool) || tool.name !== TOOL_NAME || typeof tool.version !== 'string') {
    throw planError(fileName, `was not written by ${TOOL_NAME} (tool is ${JSON.stringify(tool ?? null)})`);
  }
  if (value.formatVersion !== PLAN_FORMAT_VERSION) {
    throw planError(
      fileName,
      `has formatVersion ${JSON.stringify(value.formatVersion ?? null)}, written by ${TOOL_NAME} ${tool.version}; this version reads only formatVersion ${PLAN_FORMAT_VERSION}`,
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
  const action = source.action as PlanAction;
  // apply trusts the file: a request, its action and its data-loss flag must agree, so an
  // edited file cannot slip a PUT or a purge past --allow-data-loss.
  if (source.dataLoss !== (action === 'full' || action === 'purge')) return `dataLoss ${String(source.dataLoss)} does not fit action ${action}`;
  const request = source.request;
  const method = REQUEST_METHOD[action];
  if (request === null) return method === null ? undefined : `action ${action} has no request`;
  if (method === null) return `action ${action} sends no request, but one is given`;
  if (!isRecord(request) || typeof request.path !== 'string') return 'request is neither null nor {method, path, body}';
  if (request.method !== method) return `action ${action} is sent with ${method}, not ${JSON.stringify(request.method ?? null)}`;
  if (method === 'DELETE' ? request.body !== null : !isRecord(request.body)) return `request ${method} ${request.path} does not fit its body`;
  const expectedPath = method === 'DELETE' ? `${purgePath(source.id, [])}&` : typesPath(source.id);
  if (method === 'DELETE' ? !request.path.startsWith(expectedPath) : request.path !== expectedPath) {
    return `request path ${request.path} is not the path for source ${source.id}`;
  }
  return undefined;
}

const REQUEST_METHOD: Readonly<Record<PlanAction, 'PUT' | 'POST' | 'DELETE' | null>> = {
  none: null,
  orphan: null,
  create: 'PUT',
  full: 'PUT',
  partial: 'POST',
  purge: 'DELETE',
};


function planError(fileName: string, problem: string): GraphformError {
  return new GraphformError('GF_PLAN_FORMAT', `The plan file ${fileName} ${problem}.`, {
    details: { file: fileName },
    hint: 'Make a new plan with `graphform plan --out FILE` using this version of graphform.',
  });
}
