import path from 'node:path';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { createLocalBackend } from '../../src/state/local-backend.js';
import type { State } from '../../src/state/types.js';
import { runCli, type CliRun } from './run-cli.js';
import { makeTempDir, writeFiles } from './temp-dir.js';

export interface GraphProject {
  dir: string;
  /** Runs graphform in the project against the emulator (environment "test"). */
  cli(...argv: string[]): Promise<CliRun>;
  /** The same, with more environment variables (FORCE_COLOR, GITHUB_ACTIONS, …). */
  cliWith(env: Record<string, string>, ...argv: string[]): Promise<CliRun>;
  write(files: Record<string, string>): Promise<void>;
  state(): Promise<State>;
}

/**
 * A temporary project whose `test` environment points at a running emulator, with its
 * credentials passed the way users pass them: through ${env:…} in the config. A test that
 * holds a request in the emulator (faults hold) sets `requestTimeoutMs` past its own
 * timeout, so the request ends when the test releases it, never by the client giving up.
 */
export async function graphProject(
  emulator: RunningEmulator,
  files: Record<string, string>,
  extraConfig = '',
  options: { requestTimeoutMs?: number } = {},
): Promise<GraphProject> {
  const dir = await makeTempDir();
  const config = [
    'defaultEnvironment: test',
    `http: { maxAttempts: 2, timeoutMs: ${options.requestTimeoutMs ?? 5000} }`,
    'environments:',
    '  test:',
    `    graphUrl: ${emulator.url}`,
    '    auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }',
    extraConfig,
  ].join('\n');
  await writeFiles(dir, { 'graphform.config.yaml': config, ...files });
  const env = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret };
  return {
    dir,
    cli: (...argv) => runCli(argv, { cwd: dir, env }),
    cliWith: (more, ...argv) => runCli(argv, { cwd: dir, env: { ...env, ...more } }),
    write: (more) => writeFiles(dir, more),
    // The state file and its journal together are the state (an apply in progress or killed writes the journal).
    state: async () => (await readState(path.join(dir, '.graphform/state/test.json'))) as State,
  };
}

/** A declaration file of a small shop source; `extra` lines are appended under contentTypes.Product.properties. */
export function shopYaml(
  options: { id?: string; languages?: string; label?: string; productProperties?: string; contentTypes?: string; propertyTypes?: string; keep?: string } = {},
): string {
  return [
    `id: ${options.id ?? 'shop'}`,
    `label: ${options.label ?? 'Shop'}`,
    `languages: [${options.languages ?? 'en, sv'}]`,
    ...(options.propertyTypes === undefined ? [] : ['propertyTypes:', options.propertyTypes]),
    'contentTypes:',
    '  Item:',
    '    abstract: true',
    '    contentType: []',
    '    properties:',
    '      Name: { type: String, searchable: true }',
    '  Product:',
    '    contentType: [Item]',
    '    properties:',
    options.productProperties ?? '      Quantity: { type: Int }\n      Color: { type: String }',
    ...(options.contentTypes === undefined ? [] : [options.contentTypes]),
    ...(options.keep === undefined ? [] : [`keep: ${options.keep}`]),
    '',
  ].join('\n');
}

async function readState(file: string): Promise<State | undefined> {
  return createLocalBackend({ path: file, lockTimeoutMs: 0, now: () => new Date(), who: 'test', pid: process.pid, host: 'test' }).read();
}
