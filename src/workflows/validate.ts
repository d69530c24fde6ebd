import type { EnvironmentConfig, ResolvedConfig } from '../config/types.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { isGraphformError } from '../diagnostics/errors.js';
import type { SourceDeclaration } from '../model/types.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { loadProject } from './internal/load-project.js';
import { configFor } from './internal/select.js';
import { readStateSourcesLeniently } from './internal/state-sources.js';
import { DEFAULT_CMS_TYPES } from '../emulator/sources/cms.js';
import type { AccountTypes } from '../validate/context.js';

export interface ValidateResult {
  /** No diagnostic is an error. */
  ok: boolean;
  /** The valid declarations, sorted by id. */
  declarations: SourceDeclaration[];
  /** Every problem found, errors and warnings, each at its file:line:col. */
  diagnostics: Diagnostic[];
  /** File → text of every declaration file, for code frames. */
  sources: Map<string, string>;
  config: ResolvedConfig;
}

/**
 * `graphform validate`: reads and checks every declaration, offline. Content type names are
 * checked against the sources recorded in the environment's state too; a state that cannot
 * be read is reported as a note, and the check runs without it. Problems are data, not errors.
 */
export async function validate(selection: ProjectSelection, host: WorkflowHost): Promise<ValidateResult> {
  let loading: Promise<ResolvedConfig> | undefined;
  const loaded = (): Promise<ResolvedConfig> => (loading ??= configFor(selection, host));
  // A config that cannot be loaded is noted with the state it keeps from being read, then thrown by loaded() below.
  const stateSources = await readStateSourcesLeniently(host, async () => {
    const config = await loaded();
    return config.resolveEnvironment(selection.environment ?? config.defaultEnvironment);
  });
  const config = await loaded();
  checkConfigOffline(config);
  const cms = knownCmsTypes(config, selection.environment);
  const project = await loadProject(host, config, { stateSources, ...(cms === undefined ? {} : { accountTypes: [cms] }) });
  // Warnings only: a data file the generated CI files do not watch would not run the pipeline. Loaded only for a project with data files.
  const ciPaths = project.declarations.some((d) => d.data.length > 0)
    ? await (await import('./internal/ci-paths-check.js')).ciPathWarnings(config.rootDir, host.cwd, project.declarations)
    : [];
  const diagnostics = [...project.diagnostics, ...ciPaths];
  return { ok: !hasErrors(diagnostics), declarations: project.declarations, diagnostics, sources: project.sources, config };
}

/**
 * Every environment (and the marketing block) resolved as plan and apply would resolve them,
 * so a value they would refuse (a too-short singleKey, a bad graphUrl) fails here, in review,
 * whichever environment is selected. A variable that is not set is no mistake offline: a
 * pipeline validates without the secrets, which only the commands that use them need.
 */
function checkConfigOffline(config: ResolvedConfig): void {
  const checks = [
    ...config.environmentNames.map((name) => () => config.resolveEnvironment(name)),
    ...(config.marketingConfigured ? [() => config.resolveMarketing()] : []),
  ];
  for (const check of checks) {
    try {
      check();
    } catch (error) {
      if (!isGraphformError(error) || error.code !== 'GF_CONFIG_ENV_MISSING') throw error;
    }
  }
}

/**
 * The CMS's content type names validate knows without asking the service: an environment
 * that runs the embedded emulator has its CMS types (the config's `cmsTypes`, else the
 * emulator's built-in ones), so a name plan would refuse there is refused here too. Other
 * environments' CMS types are read by plan; offline, `reservedTypeNames` stands for them.
 */
function knownCmsTypes(config: ResolvedConfig, environment: string | undefined): AccountTypes | undefined {
  let emulator: EnvironmentConfig['emulator'];
  try {
    emulator = config.resolveEnvironment(environment ?? config.defaultEnvironment).emulator;
  } catch {
    // An environment that cannot be resolved offline (a variable not set) has no emulator to ask.
    return undefined;
  }
  if (emulator === undefined) return undefined;
  return { id: 'default', cms: true, contentTypes: Object.keys((emulator.cmsTypes ?? DEFAULT_CMS_TYPES).contentTypes ?? {}) };
}
