import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { promisify } from 'node:util';
import type { LockInfo } from './types.js';

const run = promisify(execFile);

/**
 * What tells one process from a later one that got the same pid: on Linux the boot id and
 * the start time in clock ticks from /proc/<pid>/stat, elsewhere `ps -o lstart=`.
 * Undefined when the process is not running or its start cannot be read.
 */
export async function processStart(pid: number): Promise<string | undefined> {
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
}

let ownStart: Promise<string | undefined> | undefined;

/** This process's start, read once. */
export function ownProcessStart(): Promise<string | undefined> {
  ownStart ??= processStart(process.pid);
  return ownStart;
}

export type HolderStatus =
  /** Provably gone: the lock may be taken over. `why` says how we know. */
  | { kind: 'gone'; why: string }
  | { kind: 'alive'; why: string }
  /** Another host, or no pid: nothing on this machine can tell. */
  | { kind: 'unknown'; why: string };

/**
 * Whether the process that took a lock still runs. Only a holder on this host with a pid
 * can be judged; it is gone when its pid runs nothing (or a zombie), or runs a process
 * whose start differs from the one recorded in the lock (the pid was reused after the
 * holder died). Anything doubtful counts as alive: a live lock must never be taken.
 */
export async function holderStatus(holder: LockInfo, host: string): Promise<HolderStatus> {
  if (holder.host !== host) return { kind: 'unknown', why: `it was taken on another host (${holder.host}), where graphform cannot check its process` };
  if (!(holder.pid > 0)) return { kind: 'unknown', why: 'the lock does not record a pid' };
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid runs, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return { kind: 'gone', why: `pid ${holder.pid} is not running` };
  }
  if (os.platform() === 'linux' && (await linuxStat(holder.pid))?.state === 'Z') {
    return { kind: 'gone', why: `pid ${holder.pid} has exited (a zombie not yet reaped)` };
  }
  if (holder.pidStart !== undefined) {
    const now = await processStart(holder.pid);
    if (now === undefined) {
      // It stopped between the two checks, or its start cannot be read: only the former is proof.
      try {
        process.kill(holder.pid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ESRCH') return { kind: 'gone', why: `pid ${holder.pid} is not running` };
      }
    } else if (now !== holder.pidStart) {
      return { kind: 'gone', why: `pid ${holder.pid} now runs another process, started after the lock was taken` };
    }
  }
  return { kind: 'alive', why: `pid ${holder.pid} is still running on ${holder.host}` };
}

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
