import { Command, CommanderError, Option } from 'commander';
import type { EnvironmentConfig, ResolvedConfig } from '../config/types.js';
import { TOOL_VERSION } from '../version.js';
import { addExamples } from './commands/examples.js';
import { registrars } from './commands/index.js';
import { colorLevel, makeChalk, type CommandContext, type CommandHandler, type GlobalOptions } from './context.js';
import { escapeTerminalText } from '../render/escape-control.js';
import type { CliIO, OutputStream } from './io.js';
import { renderError } from './render-error.js';
import { withInvocationFlags } from './hint-flags.js';
import { isGraphformError } from '../diagnostics/errors.js';
import { alsoOnClosedOutput, CANCELLED, INTERRUPT_EXIT_CODES, noInterrupts } from './interrupts.js';
import { guardOutput } from './closed-output.js';
import { checkFormat } from './format-support.js';
import { isInvalidDeclarationsError } from '../workflows/invalid-declarations.js';
import { printDiagnostics } from './print-diagnostics.js';
import { suggestUnknownOptions } from './unknown-option.js';

/**
 * The whole command line as a function: argv in, exit code out, every effect through io.
 * Tests call it in-process; bin/graphform.js calls it with the real process.
 */
export async function main(argv: readonly string[], processIo: CliIO): Promise<number> {
  // Every write goes through `output`: a closed stdout (EPIPE) ends the command quietly, and
  // one that holds the lock or sends requests stops through its trap as for SIGPIPE.
  const output = guardOutput(processIo.stdout, processIo.stderr);
  const stopping = (): void => output.writeErr('\nstdout was closed: finishing the request in flight, then stopping.\n');
  const io: CliIO = { ...processIo, trapInterrupts: () => alsoOnClosedOutput(processIo.trapInterrupts?.() ?? noInterrupts(), output.stdoutClosed, stopping) };
  const code = await runMain(argv, io, output);
  await output.settled();
  return output.stdoutClosed.aborted ? INTERRUPT_EXIT_CODES.SIGPIPE : code;
}

async function runMain(argv: readonly string[], io: CliIO, output: ReturnType<typeof guardOutput>): Promise<number> {
  let exitCode = 0;
  const program = new Command('graphform');
  let configPromise: Promise<ResolvedConfig> | undefined;

  const globals = (): GlobalOptions => {
    const o = program.opts<{ config?: string; env?: string; format: GlobalOptions['format']; color: boolean; verbose?: boolean }>();
    return { config: o.config, env: o.env, format: o.format, color: o.color, verbose: o.verbose === true };
  };
  // The safety net under the renderers: a control character that reaches a stream unescaped
  // is shown as `\u001b`; only chalk's colour codes pass, and only while colour is on.
  const write = (stream: OutputStream, text: string): void => {
    const hinted = stream === io.stdout && globals().format === 'json' ? text : withInvocationFlags(text, globals());
    const line = hinted.endsWith('\n') ? hinted : `${hinted}\n`;
    const shown = escapeTerminalText(line, colorLevel(io, globals().color, stream.isTTY) > 0);
    if (stream === io.stdout) output.writeOut(shown);
    else output.writeErr(shown);
  };
  const ctx: CommandContext = {
    io,
    globals,
    color: () => makeChalk(colorLevel(io, globals().color, io.stdout.isTTY)),
    colorErr: () => makeChalk(colorLevel(io, globals().color, io.stderr.isTTY)),
    out: (text) => write(io.stdout, text),
    err: (text) => write(io.stderr, text),
    // Loaded on first use: cosmiconfig and yaml are not needed for --help or --version.
    loadConfig: () => {
      configPromise ??= import('../config/load-config.js').then((m) => m.loadConfig({ cwd: io.cwd, configFile: globals().config, env: io.env }));
      return configPromise;
    },
    environment: async (): Promise<EnvironmentConfig> =>
      (await ctx.loadConfig()).resolveEnvironment(globals().env ?? (await ctx.loadConfig()).defaultEnvironment),
  };

  program
    .description("Schema-as-code for the graph service's custom content sources")
    .version(TOOL_VERSION, '-V, --version', 'print the version')
    .option('--config <file>', 'config file (default: searched from the working directory up)')
    .option('--env <name>', 'environment from the config (default: defaultEnvironment)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('--no-color', 'disable colours (NO_COLOR and FORCE_COLOR are honoured too)')
    .option('--verbose', 'log requests (secrets redacted) and show internal error details')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ showGlobalOptions: true })
    .enablePositionalOptions(false)
    .exitOverride()
    .configureOutput({
      writeOut: output.writeOut,
      writeErr: output.writeErr,
    });

  // `-v` and `version` are what people type first; both answer as `--version` does.
  const printVersion = (): void => void io.stdout.write(`${TOOL_VERSION}\n`);
  program.addOption(new Option('-v').hideHelp()).on('option:v', () => {
    printVersion();
    throw new CommanderError(0, 'commander.version', TOOL_VERSION);
  });
  program.command('version', { hidden: true }).action(printVersion);
  program.hook('preAction', (_program, action) => checkFormat(action, globals().format));
  const run = async (handler: CommandHandler): Promise<void> => {
    exitCode = await handler(ctx);
  };
  for (const register of registrars) register(program, run);
  addExamples(program);
  suggestUnknownOptions(program);
  for (const command of program.commands) applyExitOverride(command, output);

  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : 1;
    }
    if (isGraphformError(error) && error.code === CANCELLED) {
      // Ctrl+C or Ctrl+D at a prompt: the user's answer, not an error; nothing was sent.
      ctx.err('\nCancelled.');
      return INTERRUPT_EXIT_CODES.SIGINT;
    }
    if (isInvalidDeclarationsError(error)) printDiagnostics(ctx, error);
    ctx.err(renderError(error, { verbose: globals().verbose, color: ctx.colorErr() }));
    return 1;
  }
  return exitCode;
}

function applyExitOverride(command: Command, output: ReturnType<typeof guardOutput>): void {
  command.exitOverride().configureOutput({ writeOut: output.writeOut, writeErr: output.writeErr });
  command.showHelpAfterError('(run with --help for usage)');
  suggestUnknownOptions(command);
  for (const sub of command.commands) applyExitOverride(sub, output);
}
