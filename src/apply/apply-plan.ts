import type { PushSummary } from '../data/types.js';
import { GraphformError, isGraphformError } from '../diagnostics/errors.js';
import type { GraphClient } from '../graph/types.js';
import { hashDefinition } from '../model/hash.js';
import type { SourceDeclaration } from '../model/types.js';
import type { Plan, PlanSource } from '../plan/types.js';
import { stateEntry, withoutSource, withSource } from '../state/state.js';
import type { State } from '../state/types.js';
import type { ApplyEvent, ApplyResult, SourceOutcome } from './types.js';

export interface ApplyOptions {
  plan: Plan;
  client: GraphClient;
  declarations: readonly SourceDeclaration[];
  /** The current state (a fresh empty one when none existed). */
  state: State;
  /** Persists a new state; called after every successful request. */
  writeState(state: State): Promise<void>;
  now(): Date;
  toolVersion: string;
  /** Sources applied at once; state writes stay one at a time. */
  parallelism: number;
  /** Re-pushes a source's declared `data:` files after a create or full update. */
  repushData?(declaration: SourceDeclaration): Promise<PushSummary | undefined>;
  onEvent?(event: ApplyEvent): void;
}

/**
 * Carries out a plan through the graph client, in id order. State is written after each
 * source, so a failure leaves it true for what was done and a re-run continues with the
 * rest. After the first failure no new source is started.
 */
export async function applyPlan(options: ApplyOptions): Promise<ApplyResult> {
  const queue = options.plan.sources.filter((s) => s.request !== null).sort((a, b) => (a.id < b.id ? -1 : 1));
  const declarations = new Map(options.declarations.map((d) => [d.id, d]));
  const outcomes: SourceOutcome[] = [];
  let state = options.state;
  let stateWrites = Promise.resolve();
  let failed = false;

  const record = (update: (current: State) => State): Promise<void> => {
    const write = stateWrites.then(async () => {
      const next = update(state);
      await options.writeState(next);
      state = next;
    });
    // A failed write fails its own source; later writes still queue behind it.
    stateWrites = write.catch(() => undefined);
    return write;
  };

  const runOne = async (source: PlanSource): Promise<void> => {
    const started = Date.now();
    options.onEvent?.({ type: 'start', id: source.id, action: source.action });
    try {
      await send(options.client, source);
      const appliedAt = options.now().toISOString();
      const declaration = declarations.get(source.id);
      await record((current) =>
        source.action === 'purge'
          ? withoutSource(current, source.id)
          : withSource(current, source.id, stateEntry(requireDeclaration(declaration, source.id).definition, appliedAt, options.toolVersion)),
      );
      const outcome: SourceOutcome = { id: source.id, action: source.action, status: 'applied', durationMs: Date.now() - started };
      options.onEvent?.({ type: 'applied', id: source.id, action: source.action, durationMs: outcome.durationMs });
      if ((source.action === 'create' || source.action === 'full') && declaration !== undefined && options.repushData !== undefined) {
        await repush(options, declaration, outcome);
      }
      outcomes.push(outcome);
    } catch (error) {
      failed = true;
      const message = error instanceof Error ? error.message : String(error);
      options.onEvent?.({ type: 'failed', id: source.id, action: source.action, error: message });
      outcomes.push({
        id: source.id,
        action: source.action,
        status: 'failed',
        error: message,
        ...(isGraphformError(error) ? { errorCode: error.code } : {}),
        durationMs: Date.now() - started,
      });
    }
  };

  for (const id of pendingAdoptions(options.plan, state, options.declarations)) {
    const declaration = requireDeclaration(declarations.get(id), id);
    await record((current) => withSource(current, id, stateEntry(declaration.definition, options.now().toISOString(), options.toolVersion)));
    outcomes.push({ id, action: 'none', status: 'recorded', durationMs: 0 });
    options.onEvent?.({ type: 'recorded', id });
  }

  let next = 0;
  const worker = async (): Promise<void> => {
    while (!failed && next < queue.length) {
      const source = queue[next++] as PlanSource;
      await runOne(source);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallelism, queue.length)) }, worker));
  await stateWrites;

  for (const source of queue) {
    if (!outcomes.some((o) => o.id === source.id)) outcomes.push({ id: source.id, action: source.action, status: 'skipped', durationMs: 0 });
  }
  outcomes.sort((a, b) => (a.id < b.id ? -1 : 1));
  return { outcomes, ok: outcomes.every(succeeded) };
}

/**
 * Sources the plan sends nothing for, yet whose state entry is missing or out of date: the
 * service already has the declaration (an earlier apply stopped between its request and
 * its state write). Apply records them without a request.
 */
export function pendingAdoptions(plan: Plan, state: State | undefined, declarations: readonly SourceDeclaration[]): string[] {
  const byId = new Map(declarations.map((d) => [d.id, d]));
  return plan.sources
    .filter((s) => s.action === 'none')
    .map((s) => s.id)
    .filter((id) => {
      const declaration = byId.get(id);
      return declaration !== undefined && state?.sources[id]?.hash !== hashDefinition(declaration.definition);
    });
}

async function send(client: GraphClient, source: PlanSource): Promise<void> {
  const request = source.request;
  if (request === null) return;
  switch (request.method) {
    case 'PUT':
      return client.putTypes(source.id, request.body);
    case 'POST':
      return client.postTypes(source.id, request.body);
    case 'DELETE':
      // Exactly the languages the reviewed plan shows in its request path.
      return client.purgeData(source.id, new URL(request.path, 'http://plan.invalid').searchParams.getAll('languages'));
    default: {
      const unreachable: never = request;
      return unreachable;
    }
  }
}

async function repush(options: ApplyOptions, declaration: SourceDeclaration, outcome: SourceOutcome): Promise<void> {
  try {
    const summary = await options.repushData?.(declaration);
    if (summary !== undefined) outcome.repush = summary;
    options.onEvent?.({ type: 'repush', id: declaration.id, summary });
  } catch (error) {
    outcome.repushError = error instanceof Error ? error.message : String(error);
    options.onEvent?.({ type: 'repush', id: declaration.id, summary: undefined, error: outcome.repushError });
  }
}

function succeeded(outcome: SourceOutcome): boolean {
  if (outcome.status === 'recorded') return true;
  if (outcome.status !== 'applied' || outcome.repushError !== undefined) return false;
  return outcome.repush === undefined || outcome.repush.status === 'sent';
}

function requireDeclaration(declaration: SourceDeclaration | undefined, id: string): SourceDeclaration {
  if (declaration === undefined) {
    throw new GraphformError('GF_APPLY_NO_DECLARATION', `The plan changes source ${id}, but it is not declared any more.`, {
      hint: 'Run `graphform plan` again.',
    });
  }
  return declaration;
}
