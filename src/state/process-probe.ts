import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { promisify } from 'node:util';
import type { ProcessProbe } from './process-identity.js';

const run = promisify(execFile);

/**
 * This machine's process table, as the local state lock asks it (src/state takes it as a
 * parameter): whether a pid runs, whether it has exited, and when it started. On Linux the
 * start is the boot id and the start time in clock ticks from /proc/<pid>/stat, elsewhere
 * `ps -o lstart=`.
 */
export const systemProcessProbe: ProcessProbe = {
  running(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: the pid runs, as another user.
      return (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
  },
  async exited(pid) {
    return os.platform() === 'linux' && (await linuxStat(pid))?.state === 'Z';
  },
  async start(pid) {
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    if (os.platform() === 'linux') {
      const stat = await linuxStat(pid);
      if (stat === undefined) return undefined;
      const bootId = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim();
      return `linux:${bootId}:${stat.startTicks}`;
    }
    if (os.platform() === 'win32') return undefined;
    try {
      const { stdout } = await run('ps', ['-o', 'lstart=', '-p', String(pid)], { timeout: 5_000, env: { ...process.env, LC_ALL: 'C' } });
      const start = stdout.trim();
      return start === '' ? undefined : `ps:${start}`;
    } catch {
      // ps exits 1 for a pid that is not running.
      return undefined;
    }
  },
};

/** State and start time of /proc/<pid>/stat; the command name in parentheses may hold spaces and ')'. */
async function linuxStat(pid: number): Promise<{ state: string; startTicks: string } | undefined> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after "pid (comm)": state is field 3, starttime field 22 (proc(5)).
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = rest[0];
  const startTicks = rest[19];
  return state === undefined || startTicks === undefined ? undefined : { state, startTicks };
}
