import type { InterruptName, InterruptTrap } from './interrupts.js';
import { TOOL_VERSION } from '../version.js';

type Interrupts = typeof import('./interrupts.js');

/** The only place that touches the real process. */
export async function runFromProcess(): Promise<void> {
  const argv = process.argv.slice(2);
  // `graphform --version` is what scripts run most to check the tool: answer it before
  // loading the command line (commander, chalk, every command's registration). `-v` and
  // `version` are what people type; main() answers them the same way.
  if (argv.length === 1 && ['--version', '-V', '-v', 'version'].includes(argv[0] ?? '')) {
    // A reader that has gone (`graphform --version | true`) is not an error worth a stack trace.
    process.stdout.on('error', () => undefined);
    process.stdout.write(`${TOOL_VERSION}\n`);
    return;
  }
  // Loaded after the version check, like everything else: `--version` reads three files.
  const [{ main }, interrupts] = await Promise.all([import('./main.js'), import('./interrupts.js')]);
  const code = await main(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    trapInterrupts: () => trapProcessSignals(interrupts),
  });
  process.exitCode = code;
}

/**
 * Installs SIGINT and SIGTERM handlers for a command that must not be cut off mid-way:
 * the first signal asks it to stop gracefully, a second one exits at once.
 */
function trapProcessSignals({ INTERRUPT_EXIT_CODES, manualInterrupts }: Interrupts): InterruptTrap {
  const trap = manualInterrupts();
  const onSignal = (name: InterruptName): void => {
    if (trap.received() !== undefined) {
      process.stderr.write(`\n${name} again: stopping at once. State records every request that completed; run \`graphform plan\` to see what is left.\n`);
      process.exit(INTERRUPT_EXIT_CODES[name]);
    }
    process.stderr.write(`\n${name}: finishing the request in flight, then stopping (send it again to stop at once).\n`);
    trap.fire(name);
  };
  const onInt = (): void => onSignal('SIGINT');
  const onTerm = (): void => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    signal: trap.signal,
    received: trap.received,
    release: () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
}
