import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { GraphformErrorCode } from '../../diagnostics/error-codes.js';
import { GraphformError, isGraphformError } from '../../diagnostics/errors.js';
import { GraphServiceError } from '../../graph/errors.js';
import type { GraphClient, RemoteDefinition, SourceInfo } from '../../graph/types.js';
import { withGraphqlChanges } from '../../graphql-impact/attach.js';
import { buildPlan } from '../../plan/build-plan.js';
import type { Plan, PlanOptions } from '../../plan/types.js';
import { ownValue, setOwn } from '../../model/own.js';
import type { SourceDefinition } from '../../model/types.js';
import type { ResolvedConfig } from '../../config/types.js';
import { stateDefinitions } from '../../state/state.js';
import type { State } from '../../state/types.js';
import { TOOL_NAME, TOOL_VERSION } from '../../version.js';
import { warn, type WorkflowHost } from '../host.js';
import { invalidDeclarations, InvalidDeclarationsError } from '../invalid-declarations.js';
import { loadProject, type LoadedProject } from './load-project.js';
import { readAccount, type AccountView } from './read-account.js';
import { stopIfInterrupted } from './plan-interrupted.js';

const REFRESH_CONCURRENCY = 4;

/**
 * Reads back each source's schema, to tell a brand-new source from one that exists but is
 * missing from state, and to notice drift. When the service cannot be asked about a source
 * that is not in state, planning stops: a `create` would be a full update that deletes the
 * items of a source that may well exist. For a source in state only drift goes unchecked.
 */
export async function refreshRemote(
  client: GraphClient,
  ids: readonly string[],
  inState: ReadonlySet<string>,
  warn: (code: GraphformErrorCode, line: string) => void,
  stop?: AbortSignal,
): Promise<Record<string, RemoteDefinition>> {
  const remote: Record<string, RemoteDefinition> = {};
  const failed: string[] = [];
  let next = 0;
  let unsupported = false;
  const worker = async (): Promise<void> => {
    while (next < ids.length && !unsupported && stop?.aborted !== true) {
      const id = ids[next++] as string;
      try {
        const answer = await client.getTypes(id);
        if (answer.status === 'unsupported') unsupported = true;
        remote[id] = answer;
      } catch (error) {
        if (!isGraphformError(error) || isAuthFailure(error)) throw error;
        const reason = error.message.split('\n')[0] ?? '';
        if (inState.has(id)) warn('GF_REFRESH_UNREADABLE', `could not read the schema of source ${id} back (${reason}); drift is not checked for it.`);
        else failed.push(`${id}: ${reason}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(REFRESH_CONCURRENCY, ids.length) }, worker));
  // Sources not asked would look new: the answers so far are no plan's ground.
  stopIfInterrupted(stop);
  if (failed.length > 0) {
    throw new GraphformError('GF_REFRESH_FAILED', `Could not ask the service whether these sources already exist:\n  ${failed.join('\n  ')}`, {
      hint: 'Nothing was sent. Try again; or plan with `refresh: false`, which treats them as new (if one exists, its PUT deletes its items).',
    });
  }
  if (unsupported) {
    warn('GF_REFRESH_NO_TYPES_API', 'the service does not answer GET types; planning from state alone.');
    for (const id of ids) remote[id] = { status: 'unsupported' };
  }
  return remote;
}

export interface PlanRequestOptions extends PlanOptions {
  /** The environment's name, as the plan records it. */
  environment: string;
}

/** Loads and validates the declarations against the state; throws InvalidDeclarationsError (GF_INVALID_DECLARATIONS) on errors. */
export async function loadValidProject(
  host: WorkflowHost,
  config: ResolvedConfig,
  state: State | undefined,
  nothing = 'nothing was planned or sent',
): Promise<LoadedProject> {
  const project = await loadProject(host, config, { stateSources: stateDefinitions(state) });
  refuseInvalid(project.diagnostics, project.sources, nothing);
  return project;
}

/**
 * Stops when any diagnostic is an error; `nothing` says what the command therefore did not
 * do. The error carries them, for the caller to show.
 */
export function refuseInvalid(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string>, nothing = 'nothing was planned or sent'): void {
  if (hasErrors(diagnostics)) throw new InvalidDeclarationsError(diagnostics, sources, invalidDeclarations(nothing));
}

/** What planning learnt from the service: each source's schema, and the account around them. */
export interface Refreshed {
  remote: Record<string, RemoteDefinition>;
  /** undefined when the service has no sources API. */
  account: AccountView | undefined;
}

/**
 * Asks the service about the declared sources and those in state (GET types), then reads
 * the account once (the sources API, the CMS's content types and those of every source
 * graphform does not manage) and checks content type names against them, so a collision
 * stops the plan before anything is sent. `stop` (plan's signal) ends it between requests
 * with GF_PLAN_INTERRUPTED.
 */
export async function refreshAll(
  host: WorkflowHost,
  client: GraphClient,
  project: LoadedProject,
  state: State | undefined,
  targets: readonly string[] | undefined,
  stop?: AbortSignal,
): Promise<Refreshed> {
  const warning = (code: GraphformErrorCode, line: string): void => warn(host, code, line);
  const inState = new Set(Object.keys(state?.sources ?? {}));
  const remote = await refreshRemote(client, refreshIds(project, state, targets), inState, warning, stop);
  const managed = new Set([...project.declarations.map((d) => d.id), ...inState]);
  const account = await readAccount(client, managed, warning, stop);
  stopIfInterrupted(stop);
  const held = heldWithMoves(project, remote);
  if (account !== undefined || held !== undefined) refuseInvalid(project.revalidate(account?.types ?? [], held).diagnostics, project.sources);
  return { remote, account };
}

/**
 * What the service holds of each declared source with `moved` entries: a move must not land
 * on a property the service holds beside the moved one, whatever state says. undefined when
 * no such source was found.
 */
function heldWithMoves(project: LoadedProject, remote: Readonly<Record<string, RemoteDefinition>>): Record<string, SourceDefinition> | undefined {
  const held: Record<string, SourceDefinition> = {};
  for (const declaration of project.declarations) {
    const answer = ownValue(remote, declaration.id);
    if ((declaration.moved?.length ?? 0) > 0 && answer?.status === 'found') setOwn(held, declaration.id, answer.definition);
  }
  return Object.keys(held).length === 0 ? undefined : held;
}

/**
 * The plan for the current declarations and state (pure apart from the injected clock),
 * with each source's GraphQL impact attached: the inspector is asynchronous, buildPlan not.
 */
export async function makePlan(
  host: WorkflowHost,
  input: {
    project: LoadedProject;
    state: State | undefined;
    remote: Record<string, RemoteDefinition>;
    account?: readonly SourceInfo[] | undefined;
    options: PlanRequestOptions;
  },
): Promise<Plan> {
  const plan = buildPlan({
    environment: input.options.environment,
    state: input.state,
    declarations: input.project.declarations,
    remote: input.remote,
    ...(input.account === undefined ? {} : { account: input.account }),
    options: { prune: input.options.prune, strategy: input.options.strategy, targets: input.options.targets },
    createdAt: host.now().toISOString(),
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    diagnostics: input.project.diagnostics,
  });
  return withGraphqlChanges(plan, { state: input.state, declarations: input.project.declarations, remote: input.remote });
}

/** The ids to ask the service about: every declared source and every source in state. */
export function refreshIds(project: LoadedProject, state: State | undefined, targets: readonly string[] | undefined): string[] {
  const ids = new Set([...project.declarations.map((d) => d.id), ...Object.keys(state?.sources ?? {})]);
  const wanted = targets === undefined || targets.length === 0 ? [...ids] : [...ids].filter((id) => targets.includes(id));
  return wanted.sort();
}

/** 401 and 403 mean every other request fails too: stop instead of planning half-blind. */
function isAuthFailure(error: GraphformError): boolean {
  return error instanceof GraphServiceError && (error.status === 401 || error.status === 403);
}
