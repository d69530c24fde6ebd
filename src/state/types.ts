import type { SourceDefinition } from '../model/types.js';

export const STATE_FORMAT_VERSION = 1;

/** What was last applied to one source. */
export interface StateSourceEntry {
  /** The definition as sent (the PUT body or the declaration a POST brought about). */
  definition: SourceDefinition;
  /** hashDefinition(definition). */
  hash: string;
  /** ISO 8601. */
  appliedAt: string;
  /** graphform version that applied it. */
  toolVersion: string;
  /**
   * Work a wiping request made necessary and that is not done yet. Written before the
   * request that wipes and cleared only when the work completes, so a kill in between is
   * seen by the next plan and finished by the next apply.
   */
  pending?: PendingWork;
  /** What graphform last pushed from the source's `data:` files (see DataLedger); absent until it first does. */
  data?: DataLedger;
}

/**
 * The items graphform last pushed from a source's `data:` files, compactly (ledger-codec.ts):
 * `rows`, base64 of 12 bytes per item (the 64-bit hash of its key, 32 bits of its content's), and
 * `entries`, its language, content type and id, deflated. A plan compares the declared items
 * with it to send only what changed, and deletes what was removed from the files (never an
 * item graphform did not push).
 */
export interface DataLedger {
  format: 1;
  items: number;
  rows: string;
  entries: string;
}

/** The re-push of the source's declared `data:` files after a full update (or a create). */
export interface PendingWork {
  repush: {
    /** ISO 8601: when the marker was written. */
    since: string;
    /** Why the items must be pushed again, in words. */
    reason: string;
  };
  /** The items the keep step read back before a full update: pushed again from this snapshot with the data: files. */
  keep?: PendingSnapshot;
}

/** A snapshot of carried-over items named in state before the full update that deletes them. */
export interface PendingSnapshot {
  /** Relative to the project folder, with forward slashes. */
  snapshot: string;
  /** sha256 of its bytes: a snapshot that changed is not pushed. */
  hash: string;
  items: number;
  /** The hash of the definition the full update sends: a service that holds it has had the PUT, so the snapshot's items are owed. */
  target?: string;
  /** With remote state: the copy kept beside the state before the full update, which a runner without the file fetches. */
  remote?: RemoteSnapshotCopy;
}

/**
 * A snapshot's copy on the state server: gzip-compressed, cut into parts, each a JSON
 * document stored as a state of its own, named `<name>-1` … `<name>-<parts>` in the place
 * of the state's own name (last path segment of its address).
 */
export interface RemoteSnapshotCopy {
  name: string;
  parts: number;
  /** Compressed bytes in all. */
  bytes: number;
}

/**
 * Documents stored beside the state on its server, with the state's credentials (the http
 * backend: Terraform's protocol keeps one state per address, so each is a state of its own).
 */
export interface CompanionStore {
  /** Where, for messages (never holds credentials). */
  readonly description: string;
  /** The name of a companion: the state's own name followed by `-suffix`. */
  nameFor(suffix: string): string;
  put(name: string, body: string): Promise<void>;
  /** undefined when the server holds nothing under that name. */
  get(name: string): Promise<string | undefined>;
  /** Removes it; one already gone is fine. */
  remove(name: string): Promise<void>;
}

/** The state of one environment (docs/state-and-safety.md "State"). */
export interface State {
  formatVersion: typeof STATE_FORMAT_VERSION;
  /** A UUID fixed when the state is created; a different lineage is a different state. */
  lineage: string;
  /** Grows by one on every write. */
  serial: number;
  sources: Record<string, StateSourceEntry>;
}

/** Who holds (or asks for) the state lock. */
export interface LockInfo {
  id: string;
  who: string;
  pid: number;
  host: string;
  /** The command, e.g. "apply", "state rm". */
  operation: string;
  /** ISO 8601. */
  createdAt: string;
  /**
   * The holder's process start (ProcessProbe.start), local locks only: tells the holder from
   * a later process that got its pid, so a lock whose holder died can be taken over.
   */
  pidStart?: string;
}

export interface StateLock {
  readonly id: string;
  readonly info: LockInfo;
  /** The dead holder this lock was taken over from, with how we know it was gone. */
  readonly takenOver?: { holder: LockInfo; why: string };
  /** Removes this lock; fails with GF_STATE_LOCK_LOST when it is no longer ours. */
  release(): Promise<void>;
}

export interface StateBackend {
  /** Where the state lives, for messages (never holds credentials). */
  readonly description: string;
  /** undefined when no state exists yet. Refuses unknown format versions (GF_STATE_FORMAT). */
  read(): Promise<State | undefined>;
  write(state: State): Promise<void>;
  /**
   * Makes the writes so far compact (the local backend folds its journal into the state
   * file); a backend that writes whole states has nothing to do. State is complete without it.
   */
  flush?(): Promise<void>;
  /**
   * Takes the lock, retrying until the configured lock timeout, then fails with
   * GF_STATE_LOCKED naming the holder. `who` defaults to the backend's own.
   */
  lock(info: { operation: string; who?: string }): Promise<StateLock>;
  /**
   * Removes a lock left by a process that is gone; the id must match the holder's. A local
   * backend refuses a holder that provably still runs unless `force`. Resolves with what it
   * could tell about the holder, for the user.
   */
  forceUnlock(lockId: string, options?: { force?: boolean }): Promise<string | undefined>;
}
