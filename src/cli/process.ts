import { main } from './main.js';

/** The only place that touches the real process. */
export async function runFromProcess(): Promise<void> {
  const code = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  });
  process.exitCode = code;
}
