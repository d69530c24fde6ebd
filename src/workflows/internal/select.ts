import type { GraphformConfig } from '../../config/config-object.js';
import type { EnvironmentConfig, ResolvedConfig } from '../../config/types.js';
import { GraphformError } from '../../diagnostics/errors.js';
import type { ProjectSelection, WorkflowHost } from '../host.js';

/** The config a workflow runs with: the one given, or the one found from the environment's folder as the CLI finds it. */
export async function configFor(selection: ProjectSelection, host: WorkflowHost): Promise<ResolvedConfig> {
  const given = selection.config;
  if (given !== undefined && isResolved(given)) return given;
  if (given !== undefined && selection.configFile !== undefined) {
    throw new GraphformError('GF_USAGE', 'Both a config object and a configFile were given; a workflow takes one config.', {
      hint: 'Pass `config` or `configFile`, not both.',
    });
  }
  // Loaded on demand: cosmiconfig and yaml are not needed by a caller that brings its config.
  const { loadConfig } = await import('../../config/load-config.js');
  return loadConfig({ cwd: host.cwd, configFile: selection.configFile, env: host.variables, ...(given === undefined ? {} : { object: given }) });
}

/** A config loadConfig made already, told from an object of the file's shape, which has no functions. */
function isResolved(config: GraphformConfig | ResolvedConfig): config is ResolvedConfig {
  return typeof (config as Partial<ResolvedConfig>).resolveEnvironment === 'function';
}

/** The config and the selected environment (the named one, or the config's default). */
export async function resolveSelection(selection: ProjectSelection, host: WorkflowHost): Promise<{ config: ResolvedConfig; environment: EnvironmentConfig }> {
  const config = await configFor(selection, host);
  return { config, environment: config.resolveEnvironment(selection.environment ?? config.defaultEnvironment) };
}
