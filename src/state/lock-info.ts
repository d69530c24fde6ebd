import { GraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';
import type { LockInfo } from './types.js';

/**
 * A holder read back from a lock file or a lock server's 409/423 body. Accepts graphform's
 * own fields and Terraform's (ID, Who, Operation, Created), so a lock taken by another
 * client of the same http backend is still named.
 */
export function parseLockInfo(value: unknown): LockInfo | undefined {
  if (!isRecord(value)) return undefined;
  const text = (...keys: string[]): string | undefined => {
    for (const key of keys) if (typeof value[key] === 'string' && value[key] !== '') return value[key];
    return undefined;
  };
  const id = text('id', 'ID');
  if (id === undefined) return undefined;
  const whoField = text('who', 'Who') ?? 'unknown';
  // Terraform writes "user@host" into Who; split it so the message reads the same.
  const [who, hostFromWho] = whoField.includes('@') && text('host') === undefined ? splitAt(whoField) : [whoField, undefined];
  return {
    id,
    who,
    pid: typeof value.pid === 'number' ? value.pid : 0,
    host: text('host') ?? hostFromWho ?? 'unknown',
    operation: text('operation', 'Operation') ?? 'unknown',
    createdAt: text('createdAt', 'Created') ?? '',
    ...(typeof value.pidStart === 'string' ? { pidStart: value.pidStart } : {}),
  };
}

/** GF_STATE_LOCKED: who holds it, since when, and how to remove it if it is stale. */
export function lockHeldError(holder: LockInfo | undefined, where: string, now: Date): GraphformError {
  if (holder === undefined) {
    return new GraphformError('GF_STATE_LOCKED', `The state at ${where} is locked, and the lock does not say by whom.`, {
      details: { where },
      hint: 'Wait for the other graphform run to finish. If none is running, remove the lock on the state server.',
    });
  }
  const age = holder.createdAt === '' ? undefined : now.getTime() - Date.parse(holder.createdAt);
  const since = age === undefined || Number.isNaN(age) ? '' : ` since ${holder.createdAt} (${formatAge(age)} ago)`;
  const pid = holder.pid > 0 ? `pid ${holder.pid}` : 'pid unknown';
  return new GraphformError(
    'GF_STATE_LOCKED',
    `The state at ${where} is locked by ${holder.who} on ${holder.host} (${pid}) for "${holder.operation}"${since}.`,
    {
      details: { where, lockId: holder.id, who: holder.who, host: holder.host, pid: holder.pid, operation: holder.operation, createdAt: holder.createdAt },
      hint:
        'Wait for that run to finish, ' +
        `or raise the lock timeout (state.lockTimeoutMs).\nIf that process is gone, remove the stale lock with \`graphform state unlock ${holder.id}\``,
    },
  );
}

/** "45s", "3m 12s", "2h 5m", "3d 4h". */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${minutes % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

function splitAt(text: string): [string, string] {
  const at = text.lastIndexOf('@');
  return [text.slice(0, at), text.slice(at + 1)];
}
