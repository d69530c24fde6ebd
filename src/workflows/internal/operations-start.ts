import path from 'node:path';
import { compareDiagnostics } from '../../diagnostics/diagnostic.js';
import type { DocumentPattern, OperationsFailOn, OperationsReport } from '../../operations/types.js';
import type { WorkflowHost } from '../host.js';
import type { ReadDocuments } from './operation-documents.js';
import { writeOperationsCache } from './operations-cache.js';
import { checkKey } from './operations-cache-key.js';
import { beginOperations } from './operations-lane.js';
import type { Prepared } from './operations-prepare.js';
import type { CheckInputs, CheckOutcome } from './operations-check-types.js';

/** The frontends' operations check, begun before the schema to check against is known. */
export interface StartedOperations {
  /**
   * Begins checking against these schema inputs now, unless the cache holds their outcome, so
   * the check runs while the plan goes on; a report for the same inputs takes what it found.
   */
  expect(inputs: CheckInputs): void;
  /** The report for these schema inputs: from the cache when it holds their outcome, checked (and kept) otherwise. */
  report(inputs: CheckInputs, failOn: OperationsFailOn): Promise<OperationsReport>;
  /** Stops what runs still (the worker); call it once the report is taken, or when it never will be. */
  close(): Promise<void>;
}

/** Whether the operations check keeps its outcomes under .graphform/cache/: on, unless GRAPHFORM_OPERATIONS_CACHE=0 says otherwise. */
export function operationsCacheOn(host: Pick<WorkflowHost, 'variables'>): boolean {
  return host.variables.GRAPHFORM_OPERATIONS_CACHE !== '0';
}

/**
 * Reads the documents `patterns` (relative to `configDir`, each with where it was written) name and the cache now, and,
 * unless the cache will likely answer, takes the GraphQL out of the code files and loads
 * graphql, on a worker thread, so all of it overlaps the plan's own work. `declarations`
 * (each source's id and definition) make the hint: the cache's answer is likely when they
 * and the documents match an outcome's. The caller closes it.
 */
export function startOperations(host: WorkflowHost, configDir: string, patterns: readonly DocumentPattern[], declarations: unknown): StartedOperations {
  const rootDir = path.resolve(host.cwd, configDir);
  const cache = operationsCacheOn(host);
  const begun = beginOperations({ patterns, rootDir, cwd: host.cwd, declarations, cache });
  // Each key's outcome, asked for once: an expected one is what the report takes.
  const outcomes = new Map<string, Promise<{ outcome: CheckOutcome; checked: boolean }>>();
  const outcomeFor = (ready: Prepared, key: string, inputs: CheckInputs): Promise<{ outcome: CheckOutcome; checked: boolean }> => {
    let found = outcomes.get(key);
    if (found === undefined) {
      const cached = cache ? ready.entries.find((e) => e.key === key)?.outcome : undefined;
      found =
        cached !== undefined
          ? Promise.resolve({ outcome: cached, checked: false })
          : begun.check(ready, inputs).then((outcome) => ({ outcome, checked: true }));
      // An expected outcome the plan never reports (it stopped first) fails unheard.
      found.catch(() => undefined);
      outcomes.set(key, found);
    }
    return found;
  };
  return {
    expect(inputs) {
      begun.prepared.then(
        (ready) => outcomeFor(ready, checkKey(ready.digest, inputs), inputs),
        () => undefined,
      );
    },
    async report(inputs, failOn) {
      const ready = await begun.prepared;
      const key = checkKey(ready.digest, inputs);
      const { outcome, checked } = await outcomeFor(ready, key, inputs);
      if (checked && cache) await writeOperationsCache(rootDir, { key, hint: ready.hint, outcome }, ready.entries);
      return reportOf(failOn, ready.read, outcome);
    },
    close: () => begun.close(),
  };
}

function reportOf(failOn: OperationsFailOn, read: ReadDocuments, outcome: CheckOutcome): OperationsReport {
  const counts = { broken: 0, affected: 0, unaffected: 0 };
  for (const operation of outcome.operations) counts[operation.status] += 1;
  return {
    failOn,
    files: read.texts.map((t) => t.file),
    counts,
    operations: outcome.operations,
    diagnostics: [...read.diagnostics, ...outcome.extractDiagnostics, ...outcome.checkDiagnostics].sort(compareDiagnostics),
    ...(outcome.schemaProblems === undefined ? {} : { schemaProblems: outcome.schemaProblems }),
  };
}
