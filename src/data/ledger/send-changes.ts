import path from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import type { GraphClient } from '../../graph/types.js';
import type { DataLedger } from '../../state/types.js';
import { DATA_ERROR_CODES } from '../codes.js';
import { pushData } from '../push/push-data.js';
import { serializeAction, serializeRecord } from '../push/serialize.js';
import { DECLARED_DATA_MAX_ERRORS, type DeclaredDataOptions } from '../repush.js';
import type { PushSummary } from '../types.js';
import { wireNamesOf } from '../validate/item-schema.js';
import { withChangesFile } from './changes-file.js';
import { diffDeclaredData, nextLedger, recordsOf, type DeclaredDiff } from './declared-diff.js';

export interface SendChangesOptions extends DeclaredDataOptions {
  ledger: DataLedger | undefined;
  client: GraphClient;
  /** What of the changes to send (ChangesToSend). */
  send: ChangesToSend;
  /** The digest of the plan that was reviewed: the files must still hold the same records. */
  planned?: string | undefined;
  /** The comparison apply already made of the same files against the same ledger (its check of the plan): not read again. */
  diff?: DeclaredDiff | undefined;
  stop?: AbortSignal;
}

/**
 * `all`: the records added or changed and the deletes. `deletes`: only the deletes, after
 * the whole files were pushed (a create or full update). `writes`: the records added or
 * changed again, after the push that sent them all (their deletes with it) was not served.
 */
export type ChangesToSend = 'all' | 'deletes' | 'writes';

export interface SentChanges {
  add: number;
  change: number;
  delete: number;
  summary?: PushSummary;
  /** The ledger once every change is sent; undefined when the source declares no data and nothing is left to record. */
  ledger: DataLedger | undefined;
}

/**
 * Brings a source's items to what its `data:` files declare: compares the files with the
 * ledger, then pushes, in one push through the data pipeline (validated again, wire names),
 * the records added or changed (their lines as the files hold them) and a delete action line
 * for each item graphform pushed that no file declares any more. Only items the ledger names
 * are ever deleted; items another system pushed are not graphform's.
 */
export async function sendDataChanges(options: SendChangesOptions): Promise<SentChanges> {
  const diff = options.diff !== undefined && options.diff.from === options.ledger ? options.diff : await diffDeclaredData(options);
  if (diff.validation.errors > 0) {
    throw new GraphformError(
      DATA_ERROR_CODES.invalidData,
      `The data files of source ${options.declaration.id} are not valid (${diff.validation.errors} errors); nothing was sent.`,
      {
        hint: `Run \`graphform data validate ${options.declaration.id}\` to see them, fix them and apply again.`,
      },
    );
  }
  if (options.planned !== undefined && options.planned !== diff.outcome.digest) {
    throw new GraphformError(
      DATA_ERROR_CODES.changedSincePlan,
      `The data files of source ${options.declaration.id} changed since the plan was made; nothing was sent.`,
      {
        hint: 'Run `graphform plan` again and review the new plan.',
      },
    );
  }
  const { outcome } = diff;
  const pushed = [...outcome.added, ...outcome.changed, ...outcome.deleteLines];
  const records = pushed.length === 0 ? new Map() : await recordsOf(diff, pushed);
  const missing = pushed.find((record) => !records.has(`${record.file}:${record.line}`));
  if (missing !== undefined) {
    throw new GraphformError(DATA_ERROR_CODES.fileChanged, `${missing.file}:${missing.line} no longer holds the item the check read there; nothing was sent.`, {
      hint: 'A data file changed while apply ran. Run `graphform plan` again.',
    });
  }
  const languages = new Set(options.declaration.definition.languages);
  // A removed language's items went with the full update that removed it: no delete to send (the service would refuse its language).
  const removed = outcome.removed.map((row) => diff.ledger.entry(row)).filter((entry) => languages.has(entry.language));
  const lines: string[] = [];
  if (options.send !== 'deletes') {
    const wire = wireNamesOf(options.declaration.definition);
    for (const record of pushed) {
      const read = records.get(`${record.file}:${record.line}`);
      if (read !== undefined) lines.push(serializeRecord(read, wire));
    }
  }
  if (options.send !== 'writes') for (const entry of removed) lines.push(`${serializeAction({ kind: 'delete', id: entry.id, language: entry.language })}\n`);
  const counts = { add: outcome.added.length, change: outcome.changed.length, delete: outcome.deleteLines.length + outcome.removed.length };
  const summary = lines.length === 0 ? undefined : await pushLines(options, lines);
  const ledger = summary === undefined || summary.status === 'sent' ? ledgerAfter(options, diff, records) : undefined;
  return { ...counts, ...(summary === undefined ? {} : { summary }), ledger };
}

function ledgerAfter(options: SendChangesOptions, diff: DeclaredDiff, records: Parameters<typeof nextLedger>[1]): DataLedger | undefined {
  const ledger = nextLedger(diff, records);
  return ledger.items === 0 && options.declaration.data.length === 0 ? undefined : ledger;
}

/** The lines go through the push as a file of their own, inside the project's .graphform/ and removed afterwards. */
async function pushLines(options: SendChangesOptions, lines: readonly string[]): Promise<PushSummary> {
  return withChangesFile(path.resolve(options.cwd, options.root), options.declaration.id, lines.join(''), (file) =>
    pushData({
      client: options.client,
      declaration: options.declaration,
      files: [file],
      config: options.config,
      skipInvalid: false,
      maxErrors: options.maxErrors ?? DECLARED_DATA_MAX_ERRORS,
      dryRun: false,
      cwd: options.cwd,
      workersFromBytes: options.workersFromBytes,
      ...(options.stop === undefined ? {} : { stop: options.stop }),
    }),
  );
}
