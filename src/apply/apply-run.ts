import { GraphformError } from '../diagnostics/errors.js';
import { ownValue } from '../model/own.js';
import type { SourceDeclaration } from '../model/types.js';
import type { State } from '../state/types.js';
import type { ApplyOptions } from './apply-options.js';
import { pendingOf } from './pending.js';
import { createWriteVerifier, type WriteVerifier, type WriteVerifierOptions } from './verify-write.js';

/** What the run of each source shares with the whole apply. */
export interface ApplyRun {
  readonly options: ApplyOptions;
  readonly declarations: ReadonlyMap<string, SourceDeclaration>;
  /** Reads each types or sources write back; undefined with `--no-verify`. */
  readonly verify: WriteVerifier | undefined;
  /** The state as last written. */
  state(): State;
  /**
   * Writes the state `update` makes of the current one, once the writes queued before it are
   * done: sources run in parallel, state writes one at a time.
   */
  record(update: (current: State) => State): Promise<void>;
  /** Settles once every write queued so far has. */
  settled(): Promise<void>;
  /** After the first failure no new source is started. */
  fail(): void;
  failed(): boolean;
  /** Interrupted: no new source or re-push starts. */
  stopped(): boolean;
}

export function startRun(options: ApplyOptions): ApplyRun {
  let state = options.state;
  let writes = Promise.resolve();
  let failed = false;
  return {
    options,
    declarations: new Map(options.declarations.map((d) => [d.id, d])),
    verify: options.verify === false ? undefined : createWriteVerifier(verifierOptions(options)),
    state: () => state,
    record(update) {
      const write = writes.then(async () => {
        const next = update(state);
        await options.writeState(next);
        state = next;
      });
      // A failed write fails its own source; later writes still queue behind it.
      writes = write.catch(() => undefined);
      return write;
    },
    settled: () => writes,
    fail() {
      failed = true;
    },
    failed: () => failed,
    stopped: () => options.stop?.aborted === true,
  };
}

/** A source's items are pushed again when it has data: files, or a snapshot of kept items is pending. */
export function repushes(run: ApplyRun, declaration: SourceDeclaration | undefined): declaration is SourceDeclaration {
  return (
    declaration !== undefined &&
    run.options.repushData !== undefined &&
    (declaration.data.length > 0 || pendingOf(run.state(), declaration.id)?.keep !== undefined)
  );
}

/** A source's data items follow its data: files when it has some, or graphform pushed items from them before. */
export function syncs(run: ApplyRun, declaration: SourceDeclaration | undefined): declaration is SourceDeclaration {
  return (
    declaration !== undefined &&
    run.options.syncData !== undefined &&
    (declaration.data.length > 0 || (ownValue(run.state().sources, declaration.id)?.data?.items ?? 0) > 0)
  );
}

export function requireDeclaration(declaration: SourceDeclaration | undefined, id: string): SourceDeclaration {
  if (declaration === undefined) {
    throw new GraphformError('GF_APPLY_NO_DECLARATION', `The plan changes source ${id}, but it is not declared any more.`, {
      hint: 'Run `graphform plan` again.',
    });
  }
  return declaration;
}

function verifierOptions(options: ApplyOptions): WriteVerifierOptions {
  return {
    client: options.client,
    ...(options.verifySettleMs === undefined ? {} : { settleMs: options.verifySettleMs }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    ...(options.stop === undefined ? {} : { stop: options.stop }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
  };
}
