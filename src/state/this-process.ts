import os from 'node:os';
import type { ProcessProbe } from './process-identity.js';
import { systemProcessProbe } from './process-probe.js';

/**
 * This process as a state lock's holder: GRAPHFORM_LOCK_WHO (or the user's name) as `who`,
 * with its pid, host and this machine's process probe, so a lock it leaves behind when killed
 * is recognised and taken over by the next run.
 */
export function thisProcessHolder(variables: Readonly<Record<string, string | undefined>>): { who: string; pid: number; host: string; probe: ProcessProbe } {
  return {
    who: variables.GRAPHFORM_LOCK_WHO ?? variables.USER ?? variables.USERNAME ?? safeUserName(),
    pid: process.pid,
    host: os.hostname(),
    probe: systemProcessProbe,
  };
}

function safeUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}
