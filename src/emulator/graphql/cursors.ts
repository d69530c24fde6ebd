import { randomBytes } from 'node:crypto';

/** How long a cursor lives after the request that last used it (docs/service-facts.md "Reading items back": 10 minutes). */
export const CURSOR_LIFETIME_MS = 10 * 60_000;

/** A result set kept for cursor paging: which items, in order, and how far the reader has got. */
interface CursorState {
  /** The query field (content type) it was opened for. */
  field: string;
  /** Who opened it: a cursor opened with admin credentials must not show drafts to the single key. */
  reader: string;
  keys: ReadonlyArray<readonly [lang: string, id: string]>;
  next: number;
  expiresAt: number;
}

/**
 * The live cursors of the content GraphQL endpoint. As the service says, the first query
 * (`cursor: ""`) fixes the result set and each later one continues it; the state lives 10
 * minutes from each request that uses it.
 */
export class CursorStore {
  private readonly live = new Map<string, CursorState>();

  /** Keeps a result set whose first `taken` items were answered; returns the cursor. */
  open(field: string, reader: string, keys: ReadonlyArray<readonly [string, string]>, taken: number, now: number): string {
    this.sweep(now);
    const cursor = randomBytes(24).toString('base64url');
    this.live.set(cursor, { field, reader, keys, next: taken, expiresAt: now + CURSOR_LIFETIME_MS });
    return cursor;
  }

  /** The next `limit` keys of a cursor, or why it cannot be continued. */
  take(
    cursor: string,
    field: string,
    reader: string,
    limit: number,
    now: number,
  ): { ok: true; keys: ReadonlyArray<readonly [string, string]>; total: number } | { ok: false; message: string } {
    const state = this.live.get(cursor);
    if (state === undefined || state.expiresAt < now || state.reader !== reader) {
      if (state !== undefined && state.expiresAt < now) this.live.delete(cursor);
      return {
        ok: false,
        message: `The cursor is unknown or has expired (a cursor lives ${CURSOR_LIFETIME_MS / 60_000} minutes after its last use): start again with cursor: ""`,
      };
    }
    if (state.field !== field) return { ok: false, message: `The cursor was opened by the query field ${state.field}, not ${field}` };
    const keys = state.keys.slice(state.next, state.next + limit);
    state.next += keys.length;
    state.expiresAt = now + CURSOR_LIFETIME_MS;
    return { ok: true, keys, total: state.keys.length };
  }

  private sweep(now: number): void {
    for (const [cursor, state] of this.live) if (state.expiresAt < now) this.live.delete(cursor);
  }
}
