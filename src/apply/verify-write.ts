import type { GraphformError } from '../diagnostics/errors.js';
import { isSourcesUnsupported } from '../graph/errors.js';
import type { GraphClient } from '../graph/types.js';
import { abortableSleep } from '../http/send.js';
import { canonicalDefinition, canonicalJson, typesPart } from '../model/canonical.js';
import { ownValue, recordFrom } from '../model/own.js';
import type { ContentTypeDefinition, SourceDefinition } from '../model/types.js';
import type { PlanRequest } from '../plan/types.js';
import { inconsistentResultError, unreadableWriteError } from './inconsistent.js';
import type { ApplyEvent, VerifiedEndpoint } from './types.js';

/** How long, in all, a read back that still shows the old definition is waited for by default. */
export const DEFAULT_VERIFY_SETTLE_MS = 30_000;
/** The first wait; each next one doubles. */
const FIRST_WAIT_MS = 250;

export interface WriteVerifierOptions {
  client: GraphClient;
  /** Total wait for a read back that still shows the old definition, in ms; default DEFAULT_VERIFY_SETTLE_MS. */
  settleMs?: number;
  /** Waits between reads; injected so tests do not sleep. Ends early when `signal` aborts. */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  /** An interrupt ends a wait: the last read counts. */
  stop?: AbortSignal;
  onEvent?(event: ApplyEvent): void;
}

/**
 * After a write: what the service holds for the source, as far as known (undefined: no such
 * source), and whether that is what was sent.
 */
export type Verdict = { ok: true; held: SourceDefinition | undefined } | { ok: false; held: SourceDefinition | undefined; error: GraphformError };

/** Checks one write of a source; `before` is what the source held before it (undefined: nothing). */
export type WriteVerifier = (id: string, request: PlanRequest, before: SourceDefinition | undefined) => Promise<Verdict>;

/** One read back: what it shows of the source (for comparing) and what the source holds (for state). */
type Reading = { supported: true; shown: SourceDefinition | undefined; held: SourceDefinition | undefined } | { supported: false; reason: string };

interface Check {
  endpoint: VerifiedEndpoint;
  /** The endpoint read back, for messages. */
  read: string;
  /** What was sent, as a definition. */
  sent: SourceDefinition;
  /** The part of a definition the request set: only it is compared. */
  part(definition: SourceDefinition): SourceDefinition;
  reading(): Promise<Reading>;
  /** What the source holds after the write when it cannot be read back: what was sent. */
  expected: SourceDefinition;
}

/**
 * Reads every types or sources write back and compares it, in canonical form, with what
 * was sent. A read that still shows what the source held before the write is retried with
 * exponential backoff for `settleMs` in all before the difference counts: the service may
 * take a moment to store it. An endpoint the service does not offer is reported once, then
 * writes through it are not checked. DELETE sources is not checked.
 */
export function createWriteVerifier(options: WriteVerifierOptions): WriteVerifier {
  const settleMs = options.settleMs ?? DEFAULT_VERIFY_SETTLE_MS;
  const sleep = options.sleep ?? abortableSleep;
  const unsupported = new Set<VerifiedEndpoint>();

  return async (id, request, before) => {
    const check = checkFor(options.client, id, request, before);
    if (check === undefined || unsupported.has(check.endpoint)) return { ok: true, held: check?.expected ?? before };
    const same = (a: SourceDefinition | undefined, b: SourceDefinition | undefined): boolean =>
      a === undefined || b === undefined ? a === b : canonicalJson(canonicalDefinition(check.part(a))) === canonicalJson(canonicalDefinition(check.part(b)));
    let waited = 0;
    for (let wait = FIRST_WAIT_MS; ; wait *= 2) {
      const reading = await check.reading().catch((error: unknown) => {
        throw unreadableWriteError(error, id, request.kind, check.read);
      });
      if (!reading.supported) {
        // Sources applied in parallel may both find out: the first one says so.
        if (!unsupported.has(check.endpoint)) options.onEvent?.({ type: 'verify-skipped', endpoint: check.endpoint, reason: reading.reason });
        unsupported.add(check.endpoint);
        return { ok: true, held: check.expected };
      }
      if (same(check.sent, reading.shown)) return { ok: true, held: reading.held };
      const stillOld = same(before, reading.shown);
      if (!stillOld || waited >= settleMs || options.stop?.aborted === true) {
        const text = (definition: SourceDefinition | undefined): string | undefined =>
          definition === undefined ? undefined : readable(check.part(definition));
        const error = inconsistentResultError({
          id,
          kind: request.kind,
          read: check.read,
          sentText: text(check.sent) ?? '',
          readText: text(reading.shown),
          waitedMs: waited,
        });
        return { ok: false, held: reading.held, error };
      }
      if (waited === 0) options.onEvent?.({ type: 'verify-waiting', id, request: request.kind, settleMs });
      const pause = Math.min(wait, settleMs - waited);
      await sleep(pause, options.stop);
      waited += pause;
    }
  };
}

function checkFor(client: GraphClient, id: string, request: PlanRequest, before: SourceDefinition | undefined): Check | undefined {
  switch (request.kind) {
    case 'types.put':
      // Unread, the description stays the one the source had: POST sources is what sets it.
      return { ...typesCheck(client, id, before), sent: request.body, expected: { ...typesPart(request.body), ...descriptionOf(before) } };
    case 'types.post': {
      const names = Object.keys(request.body.contentTypes);
      const sent: SourceDefinition = { label: '', languages: request.body.languages, contentTypes: request.body.contentTypes };
      // Only what the body set: its languages and the content types it lists, each whole.
      const part = (definition: SourceDefinition): SourceDefinition => ({
        label: '',
        languages: definition.languages,
        contentTypes: picked(definition, names),
      });
      const expected: SourceDefinition = {
        ...(before ?? sent),
        languages: request.body.languages,
        contentTypes: { ...before?.contentTypes, ...request.body.contentTypes },
      };
      return { ...typesCheck(client, id, before), sent, part, expected };
    }
    case 'sources.post': {
      const { description: _before, ...rest } = before ?? { languages: [], contentTypes: {} };
      // What the source holds with these labels; absent, null and "" descriptions are alike (the canonical form drops all three).
      const labelled = (source: Pick<SourceDefinition, 'label' | 'description'>): SourceDefinition => ({ ...rest, ...labelsOf(source) });
      const sent = labelled(request.body);
      return {
        endpoint: 'sources',
        read: 'GET sources',
        sent,
        part: (definition) => ({ ...labelsOf(definition), languages: [], contentTypes: {} }),
        reading: async () => {
          try {
            const source = await client.getSource(id);
            // The sources API knows no such source: the rest of what it holds is not known to differ.
            return source === undefined
              ? { supported: true, shown: undefined, held: before }
              : { supported: true, shown: labelled(source), held: labelled(source) };
          } catch (error) {
            if (isSourcesUnsupported(error)) return { supported: false, reason: error.message };
            throw error;
          }
        },
        expected: sent,
      };
    }
    case 'sources.delete':
      return undefined;
    default: {
      const unreachable: never = request;
      return unreachable;
    }
  }
}

/**
 * Reading back by GET types. An answer with a `description` key is compared whole; one
 * without comes from a service that keeps the description in the sources API only (as the
 * planner reads it): then the description is left out on both sides, and the source keeps
 * the one it had.
 */
function typesCheck(client: GraphClient, id: string, before: SourceDefinition | undefined): Pick<Check, 'endpoint' | 'read' | 'reading' | 'part'> {
  let withDescription = false;
  return {
    endpoint: 'types',
    read: 'GET types',
    part: (definition) => (withDescription ? definition : typesPart(definition)),
    reading: async () => {
      const answer = await client.getTypes(id);
      if (answer.status === 'unsupported') return { supported: false, reason: 'the service does not offer GET types' };
      if (answer.status === 'missing') return { supported: true, shown: undefined, held: undefined };
      withDescription = answer.hasDescription;
      const held = withDescription ? answer.definition : { ...typesPart(answer.definition), ...descriptionOf(before) };
      return { supported: true, shown: held, held };
    },
  };
}

function picked(definition: SourceDefinition, names: readonly string[]): SourceDefinition['contentTypes'] {
  const found = names.map((name) => [name, ownValue(definition.contentTypes, name)] as const);
  return recordFrom(found.filter((entry): entry is readonly [string, ContentTypeDefinition] => entry[1] !== undefined));
}

function descriptionOf(definition: SourceDefinition | undefined): Pick<SourceDefinition, 'description'> {
  return definition?.description === undefined ? {} : { description: definition.description };
}

/** Label and description only, without keys for absent values. */
function labelsOf(source: Pick<SourceDefinition, 'label' | 'description'>): Pick<SourceDefinition, 'label' | 'description'> {
  return {
    ...(source.label === undefined ? {} : { label: source.label }),
    ...(source.description === undefined || source.description === null || source.description === '' ? {} : { description: source.description }),
  };
}

/** The canonical form as indented JSON, keys in canonical order, for a diff a person reads. */
function readable(definition: SourceDefinition): string {
  return `${JSON.stringify(JSON.parse(canonicalJson(canonicalDefinition(definition))), null, 2)}\n`;
}
