import { DATA_ERROR_CODES } from '../data/codes.js';
import { purge } from '../data/purge.js';
import { GraphformError } from '../diagnostics/errors.js';
import { purgeCount } from '../keep/wipe-counts.js';
import { ownValue } from '../model/own.js';
import type { DeleteCount } from '../plan/types.js';
import { withLedger } from '../state/state.js';
import type { StateBackend } from '../state/types.js';
import { withStateLock } from '../state/with-lock.js';
import { loadSource } from './data.js';
import { environmentView, type EnvironmentView } from './environment-view.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { openEnvironment } from './internal/open-environment.js';
import { stateBackendFor } from './internal/state-backend.js';
import { configFor } from './internal/select.js';

export interface DataPurgeInput extends ProjectSelection {
  source: string;
  /** The languages to empty; or allLanguages for every declared one. */
  languages?: readonly string[];
  allLanguages?: boolean;
  /**
   * Asked once the items are counted, before anything is deleted. Absent: calling purge is
   * the approval.
   */
  confirm?(question: { source: string; languages: readonly string[]; deletes: DeleteCount; environment: EnvironmentView }): Promise<boolean>;
}

export interface DataPurgeResult {
  source: string;
  languages: string[];
  purged: boolean;
  /** What the purge deletes, counted before it was sent. */
  deletes: DeleteCount | undefined;
  refused?: 'cancelled' | 'interrupted';
}

/**
 * `graphform data purge`: deletes every item of the source in the languages, holding the
 * state lock; counts them first, so `confirm` can say what a yes costs.
 */
export async function dataPurge(input: DataPurgeInput, host: WorkflowHost): Promise<DataPurgeResult> {
  const named = input.languages ?? [];
  if ((input.allLanguages === true) === named.length > 0) {
    throw new GraphformError(DATA_ERROR_CODES.noLanguages, 'Name the languages to purge with --language L (repeatable), or use --all-languages; not both.');
  }
  if (named.some((l) => l.trim() === '')) {
    throw new GraphformError(DATA_ERROR_CODES.noLanguages, '--language needs a language code, such as --language en; an empty one names nothing to purge.');
  }
  const config = await configFor(input, host);
  const project = await loadSource(host, config, input.source, 'nothing was purged');
  const declared = project.declaration.definition.languages;
  const languages = input.allLanguages === true ? [...declared] : [...new Set(named)];
  for (const language of languages.filter((l) => !declared.includes(l))) {
    host.report({
      kind: 'warning',
      code: 'GF_PURGE_UNDECLARED_LANGUAGE',
      text: `source ${input.source} does not declare language "${language}" (declared: ${declared.join(', ')}); purging it anyway.`,
    });
  }
  const environment = config.resolveEnvironment(input.environment ?? config.defaultEnvironment);
  const backend = stateBackendFor(host, environment);
  return withStateLock(
    backend,
    `data purge ${input.source}`,
    async () => {
      const opened = await openEnvironment(host, project.config, environment);
      try {
        const deletes = await purgeCount(host, opened, {
          env: environment,
          id: input.source,
          languages,
          declared: project.declaration.definition,
          http: project.config.http,
        });
        const base = { source: input.source, languages, deletes };
        if (input.confirm !== undefined && !(await input.confirm({ source: input.source, languages, deletes, environment: environmentView(environment) })))
          return { ...base, purged: false, refused: 'cancelled' as const };
        if (host.signal?.aborted === true) return { ...base, purged: false, refused: 'interrupted' as const };
        await purge(opened.client, input.source, languages);
        await forgetPurgedItems(backend, input.source, languages);
        return { ...base, purged: true };
      } finally {
        await opened.close();
      }
    },
    (text) => host.report({ kind: 'notice', text }),
  );
}

/**
 * The purged items leave the ledger of what graphform pushed from the source's data files,
 * so the next plan pushes the declared ones again instead of believing they are there.
 */
async function forgetPurgedItems(backend: StateBackend, id: string, languages: readonly string[]): Promise<void> {
  const state = await backend.read();
  const ledger = state === undefined ? undefined : ownValue(state.sources, id)?.data;
  if (state === undefined || ledger === undefined) return;
  const { ledgerWithoutLanguages } = await import('../data/ledger/ledger-codec.js');
  await backend.write(withLedger(state, id, ledgerWithoutLanguages(ledger, languages)));
}
