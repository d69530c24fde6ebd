import type { EnvironmentConfig, HttpConfig } from '../config/types.js';
import { countSourceItems, type ContentEndpoint } from '../graph/content-counts.js';
import type { RemoteDefinition } from '../graph/types.js';
import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import type { DeleteCount, Plan } from '../plan/types.js';
import { stateDefinitions } from '../state/state.js';
import type { State } from '../state/types.js';
import { requestLog, type WorkflowHost } from '../workflows/host.js';
import type { OpenedEnvironment } from '../workflows/internal/open-environment.js';

/** Where the items of the environment's sources can be counted, or why they cannot. */
export type CountingSource = { endpoint: ContentEndpoint; publicEndpoint?: ContentEndpoint } | { unknown: string };

/**
 * The environment's content GraphQL endpoint, asked with its graph credentials (epi-hmac or
 * Basic; the embedded emulator's own), which see every item, drafts and restricted ones
 * included: a wipe deletes those too, and a push is served only once they are counted.
 * The single key sees only what the public sees, so it never counts.
 */
export function countingSourceFor(env: EnvironmentConfig, opened: OpenedEnvironment | undefined): CountingSource {
  if (opened === undefined) return { unknown: 'the service was not asked (refresh is off)' };
  const endpoint = contentEndpointFor(env, opened);
  if (endpoint === undefined) return { unknown: `environment ${env.name} has no graph credentials to count with` };
  // The keep step asks the single key which items are public, where GraphQL does not serve their access back.
  const key = opened.emulator?.singleKey ?? env.singleKey;
  return key === undefined ? { endpoint } : { endpoint, publicEndpoint: { baseUrl: endpoint.baseUrl, credentials: { scheme: 'single', key } } };
}

/** Where the environment serves content GraphQL, with the admin credentials; undefined without any. */
export function contentEndpointFor(env: EnvironmentConfig, opened: OpenedEnvironment): ContentEndpoint | undefined {
  if (opened.emulator !== undefined) return { baseUrl: opened.emulator.url, credentials: { scheme: 'hmac', ...opened.emulator.credentials } };
  if (env.graphUrl !== undefined && env.auth !== undefined) return { baseUrl: env.graphUrl, credentials: env.auth };
  return undefined;
}

export interface WipeCountInput {
  counting: CountingSource;
  /** What the service answered to GET types while planning: each source's definition as it is now. */
  remote: Readonly<Record<string, RemoteDefinition>>;
  state: State | undefined;
  http: HttpConfig;
}

/**
 * The plan with `deletes` on every data-losing source: the items it holds now, per
 * language, which a full update or a delete would take with it. This is I/O, so it runs in
 * the shell after buildPlan, like the refresh; other sources are returned as they were
 * (and lose any `deletes` a plan file carried). Sources are counted one after another:
 * there are seldom more than a few.
 */
export async function withDeleteCounts(host: WorkflowHost, plan: Plan, input: WipeCountInput): Promise<Plan> {
  const applied = stateDefinitions(input.state);
  const options = { timeoutMs: input.http.timeoutMs, maxAttempts: input.http.maxAttempts, ...requestLog(host) };
  const sources = [];
  for (const source of plan.sources) {
    const { deletes: _stale, ...rest } = source;
    // A partial update deletes nothing: what it loses (values under renamed fields) is its keep account's to say.
    if (!source.dataLoss || source.action === 'partial') {
      sources.push(rest);
      continue;
    }
    const definition = currentDefinition(source.id, input.remote, applied);
    let deletes: DeleteCount;
    if ('unknown' in input.counting) deletes = { known: false, reason: input.counting.unknown };
    else if (definition === undefined) deletes = { known: false, reason: `graphform knows no definition of source ${source.id} to count its items by` };
    else deletes = await countSourceItems(input.counting.endpoint, definition, options);
    sources.push({ ...rest, deletes });
  }
  return { ...plan, sources };
}

/** The source as the service has it now: read back while planning, else as last applied. */
function currentDefinition(
  id: string,
  remote: Readonly<Record<string, RemoteDefinition>>,
  applied: Readonly<Record<string, SourceDefinition>>,
): SourceDefinition | undefined {
  const answer = ownValue(remote, id);
  return answer?.status === 'found' ? answer.definition : ownValue(applied, id);
}

/**
 * What `data purge` would delete: the source's items in `languages` now, counted as a
 * plan counts a wipe, by the definition the service has (the declaration's when it cannot
 * say). Never throws: a count that cannot be had is `{known: false, reason}`.
 */
export async function purgeCount(
  host: WorkflowHost,
  opened: OpenedEnvironment,
  target: { env: EnvironmentConfig; id: string; languages: readonly string[]; declared: SourceDefinition; http: HttpConfig },
): Promise<DeleteCount> {
  const counting = countingSourceFor(target.env, opened);
  if ('unknown' in counting) return { known: false, reason: counting.unknown };
  const remote = await opened.client.getTypes(target.id).catch(() => undefined);
  const definition = remote?.status === 'found' ? remote.definition : target.declared;
  const options = { timeoutMs: target.http.timeoutMs, maxAttempts: target.http.maxAttempts, ...requestLog(host) };
  return countSourceItems(counting.endpoint, { ...definition, languages: [...target.languages] }, options);
}
