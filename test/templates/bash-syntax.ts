import { spawnSync } from 'node:child_process';

/** bash's complaint about a script it cannot parse (`bash -n`), or undefined when it parses. */
export function bashSyntaxError(script: string): string | undefined {
  const result = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
  return result.status === 0 ? undefined : result.stderr || `bash -n exited ${String(result.status)}`;
}
