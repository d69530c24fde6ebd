import type { Command } from 'commander';
import type { CommandRegistrar } from '../context.js';
import { DEFAULT_EMULATOR_PORT, type EmulatorCommandOptions } from './emulator-options.js';

/** How the running command learns it should stop. */
export type StopSignalSource = () => { signal: AbortSignal; dispose(): void };

/** SIGINT and SIGTERM of the real process: the only place this command touches process. */
export const processStopSignal: StopSignalSource = () => {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
};

/** The command with an injectable stop signal source (tests pass their own AbortController). */
export function emulatorRegistrar(stopSignal: StopSignalSource = processStopSignal): CommandRegistrar {
  return (program: Command, run) => {
    program
      .command('emulator')
      .description('run a local emulator of the graph service and the marketing platform (OAuth, assets) until Ctrl+C (SIGINT) or SIGTERM')
      .option('--port <n>', `port to listen on (0 picks a free one; default ${DEFAULT_EMULATOR_PORT})`)
      .option('--host <address>', 'address to listen on (default 127.0.0.1); 0.0.0.0 makes it reachable from containers and other machines')
      .option(
        '--cors-origin <list>',
        'origins a browser may query /content/v2 from, comma separated, or * (default: any loopback origin, e.g. http://localhost:3000)',
      )
      .option('--data-dir <dir>', 'keep sources, items, credentials, the demo app and tokens here across restarts (default: in memory)')
      .option('--max-sources <n>', "the account's allowance of content sources (default: unlimited)")
      .option('--app-key <key>', 'use this AppKey (with --secret) instead of generated credentials')
      .option('--secret <base64>', 'use this base64 secret (with --app-key)')
      .option('--single-key <key>', 'use this read key for the content GraphQL endpoint (/content/v2) instead of a generated one')
      .option('--cms-types <file>', "the CMS's own content types, a YAML or JSON definition (kept in --data-dir; default: a small built-in set)")
      .option(
        '--schema-delay <duration>',
        'GraphQL serves the schema from before a types change for this long, as the service takes minutes (e.g. 500ms, 2m; default 0)',
      )
      .option('--indexing-lag <duration>', 'GraphQL counts and serves a pushed item only this long after it (e.g. 500ms; default 0)')
      .option(
        '--item-fields <list>',
        'item fields every content type serves in GraphQL besides _id, ' +
          'ContentType and Language, comma separated, from Status, _rbac and RolesWithReadAccess ("" for none; default Status)',
      )
      .action(async (options: EmulatorCommandOptions) => {
        await run(async (ctx) => {
          const stop = stopSignal();
          try {
            const { runEmulatorCommand } = await import('../actions/emulator.js');
            return await runEmulatorCommand(ctx, options, stop.signal);
          } finally {
            stop.dispose();
          }
        });
      });
  };
}

export const registerEmulator: CommandRegistrar = emulatorRegistrar();
