import type { EnvironmentConfig, ResolvedConfig } from '../config/types.js';
import type { ProjectSelection, WorkflowEnvironment } from './environment.js';

/** The config a workflow runs with: the one given, or the one found from the environment's folder as the CLI finds it. */
export async function configFor(selection: ProjectSelection, env: WorkflowEnvironment): Promise<ResolvedConfig> {
  if (selection.config !== undefined) return selection.config;
  // Loaded on demand: cosmiconfig and yaml are not needed by a caller that brings its config.
  const { loadConfig } = await import('../config/load-config.js');
  return loadConfig({ cwd: env.cwd, configFile: selection.configFile, env: env.variables });
}

/** The config and the selected environment (the named one, or the config's default). */
export async function resolveSelection(selection: ProjectSelection, env: WorkflowEnvironment): Promise<{ config: ResolvedConfig; environment: EnvironmentConfig }> {
  const config = await configFor(selection, env);
  return { config, environment: config.resolveEnvironment(selection.environment ?? config.defaultEnvironment) };
}
