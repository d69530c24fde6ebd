import type { LockInfo } from './types.js';

/**
 * What the local lock needs to know of this machine's processes, passed in (the workflow
 * host's `probe`; systemProcessProbe in process-probe.ts reads this machine's) so the lock's
 * judgement runs against any process table, a test's too.
 */
export interface ProcessProbe {
  /** False only when no process has this pid (one of another user counts as running). */
  running(pid: number): boolean;
  /** True when the pid has exited but is not yet reaped (a zombie). */
  exited(pid: number): Promise<boolean>;
  /** What tells the process from a later one given the same pid; undefined when it is not running or cannot be read. */
  start(pid: number): Promise<string | undefined>;
}

export type HolderStatus =
  /** Provably gone: the lock may be taken over. `why` says how we know. */
  | { kind: 'gone'; why: string }
  | { kind: 'alive'; why: string }
  /** Another host, or no pid: nothing on this machine can tell. */
  | { kind: 'unknown'; why: string };

/**
 * Whether the process that took a lock still runs. Only a holder on this host with a pid
 * can be judged, and only with a probe; it is gone when its pid runs nothing (or a zombie),
 * or runs a process whose start differs from the one recorded in the lock (the pid was
 * reused after the holder died). Anything doubtful counts as alive: a live lock must never
 * be taken.
 */
export async function holderStatus(holder: LockInfo, host: string, probe: ProcessProbe | undefined): Promise<HolderStatus> {
  if (holder.host !== host) return { kind: 'unknown', why: `it was taken on another host (${holder.host}), where graphform cannot check its process` };
  if (!(holder.pid > 0)) return { kind: 'unknown', why: 'the lock does not record a pid' };
  if (probe === undefined) return { kind: 'unknown', why: 'this run cannot look at the processes of the host' };
  const notRunning = { kind: 'gone', why: `pid ${holder.pid} is not running` } as const;
  if (!probe.running(holder.pid)) return notRunning;
  if (await probe.exited(holder.pid)) return { kind: 'gone', why: `pid ${holder.pid} has exited (a zombie not yet reaped)` };
  if (holder.pidStart !== undefined) {
    const now = await probe.start(holder.pid);
    // Undefined: it stopped between the two checks, or its start cannot be read: only the former is proof.
    if (now === undefined && !probe.running(holder.pid)) return notRunning;
    if (now !== undefined && now !== holder.pidStart) {
      return { kind: 'gone', why: `pid ${holder.pid} now runs another process, started after the lock was taken` };
    }
  }
  return { kind: 'alive', why: `pid ${holder.pid} is still running on ${holder.host}` };
}
