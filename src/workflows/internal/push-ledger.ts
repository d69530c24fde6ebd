import { diffDeclaredData, nextLedger, recordsOf } from '../../data/ledger/declared-diff.js';
import { RecordsDigest } from '../../data/ledger/records-digest.js';
import type { RecordSink } from '../../data/validate/pass-tally.js';
import { recordKinds } from '../../data/validate/record-kinds.js';
import type { ServedReport } from '../../graph/served.js';
import { ownValue } from '../../model/own.js';
import type { SourceDeclaration } from '../../model/types.js';
import { withLedger } from '../../state/state.js';
import type { StateBackend } from '../../state/types.js';
import type { PushSummary } from '../../data/types.js';
import type { LoadedSource } from './loaded-source.js';
import type { WorkflowHost } from '../host.js';
import { workersFromBytes } from './workers-from.js';

/** Sees every record the push validates; its digest is the fingerprint of what was pushed. */
export interface PushFingerprint {
  sink: RecordSink;
  digest(): string;
}

/**
 * A fingerprint of the records a push reads, taken by the push's own validation pass: their
 * digest alone (a few numbers, not a record each, so a push of a gigabyte holds no more).
 */
export function pushFingerprint(declaration: SourceDeclaration): PushFingerprint {
  const digest = new RecordsDigest();
  const sink: RecordSink = {
    kinds: recordKinds(declaration.definition),
    record: (keyA, keyB, contentA, contentB) => digest.add(keyA, keyB, contentA, contentB),
  };
  return { sink, digest: () => digest.text() };
}

/**
 * After `data push` of a source's declared `data:` files: records what was pushed in the
 * ledger, as apply would, so the next plan does not send those items again. Only a push that
 * sent every item (none left out as invalid) and that GraphQL serves (or `--no-wait`, as
 * apply) counts; the files are read again and must still hold what was pushed. A push
 * deletes nothing, so entries of items no file declares any more stay: the next plan still
 * deletes those. A source not in state yet is left to its first apply. Called holding the lock.
 */
export async function recordPushedLedger(
  host: WorkflowHost,
  backend: StateBackend,
  project: LoadedSource,
  pushed: { summary: PushSummary; served?: ServedReport | undefined },
  fingerprint: PushFingerprint,
): Promise<void> {
  const { declaration } = project;
  const { summary, served } = pushed;
  if (summary.status !== 'sent' || summary.validation.invalidItems > 0 || (served !== undefined && served.outcome !== 'done')) return;
  const state = await backend.read();
  const entry = state === undefined ? undefined : ownValue(state.sources, declaration.id);
  if (state === undefined || entry === undefined) return;
  const notRecorded = (why: string): void =>
    host.report({
      kind: 'info',
      text: `Note: the ledger of source ${declaration.id} is not updated (${why}); the next plan sends its data: files' items again.`,
    });
  const diff = await diffDeclaredData({
    declaration,
    ledger: entry.data,
    config: project.config.data,
    cwd: host.cwd,
    root: project.config.rootDir,
    workersFromBytes: workersFromBytes(host.variables),
  });
  if (diff.validation.errors > 0 || diff.outcome.digest !== fingerprint.digest()) return notRecorded('the data files changed while they were pushed');
  const records = [...diff.outcome.added, ...diff.outcome.changed, ...diff.outcome.deleteLines];
  const read = await recordsOf(diff, records);
  if (records.some((record) => !read.has(`${record.file}:${record.line}`))) return notRecorded('the data files changed while they were pushed');
  await backend.write(withLedger(state, declaration.id, nextLedger(diff, read, true)));
}
