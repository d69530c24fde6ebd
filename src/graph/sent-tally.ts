import { isRecord } from '../model/is-record.js';
import type { SourceDefinition } from '../model/types.js';
import type { TypeLanguage } from './content-counts.js';
import { itemFingerprint } from './item-fingerprint.js';
import type { GraphClient, PushResult } from './types.js';

/** Items of one content type in one language: how many were sent, and how many GraphQL serves as sent. */
export interface ServedCount extends TypeLanguage {
  sent: number;
  /** Undefined when the endpoint could not be asked. */
  served: number | undefined;
}

/** One item sent: its most-derived content type and the fingerprint of what was sent (undefined without a definition). */
export interface SentItem {
  type: string;
  print: string | undefined;
}

/** `sv\nlamp`: an item's key, its language and `_id`. */
export function itemKey(language: string, id: string): string {
  return `${language}\n${id}`;
}

/**
 * What a push sent, item by item (its `_id`, language, content type and a fingerprint of
 * its content, itemFingerprint), and what the service answered (each batch's `journalId`).
 * Fed by tallyingClient as batches are acknowledged; an item sent twice counts once, as
 * last sent. Holds about a hundred bytes per item, not the items.
 */
export class SentTally {
  readonly items = new Map<string, SentItem>();
  readonly journalIds: string[] = [];

  /** `definition`: the source's, to fingerprint what was sent; without it only presence is checked. */
  constructor(readonly definition?: SourceDefinition) {}

  /** Notes the index records of an acknowledged NDJSON batch: an action line, then its data line. */
  add(body: string | Uint8Array, result: PushResult): void {
    if (result.journalId !== undefined) this.journalIds.push(result.journalId);
    const lines = (typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')).split('\n');
    for (let i = 0; i < lines.length; i++) {
      const action = parse(lines[i] ?? '');
      const index = isRecord(action) ? action.index : undefined;
      const removed = isRecord(action) ? action.delete : undefined;
      if (isRecord(removed) && typeof removed.language_routing === 'string') this.items.delete(itemKey(removed.language_routing, idOf(removed._id) ?? ''));
      if (!isRecord(index)) continue;
      const data = parse(lines[i + 1] ?? '');
      i++;
      const language = index.language_routing;
      const id = idOf(index._id);
      const types = isRecord(data) ? data.ContentType : undefined;
      // The most-derived type is the last: a concrete type's query serves exactly its own items.
      const type = Array.isArray(types) ? types[types.length - 1] : undefined;
      if (typeof language !== 'string' || id === undefined || typeof type !== 'string' || !isRecord(data)) continue;
      const key = itemKey(language, id);
      if (neverServed(data)) {
        this.items.delete(key);
        continue;
      }
      this.items.set(key, { type, print: this.definition === undefined ? undefined : itemFingerprint(this.definition, type, data) });
    }
  }

  /** Per content type and language, sorted by type then language, nothing served yet. */
  pairs(): ServedCount[] {
    const counts = new Map<string, ServedCount>();
    for (const [key, item] of this.items) {
      const language = key.slice(0, key.indexOf('\n'));
      const pair = `${item.type}\n${language}`;
      const count = counts.get(pair) ?? { type: item.type, language, sent: 0, served: undefined };
      count.sent++;
      counts.set(pair, count);
    }
    return [...counts.values()].sort((a, b) => (a.type === b.type ? compare(a.language, b.language) : compare(a.type, b.type)));
  }

  get sent(): number {
    return this.items.size;
  }
}

/**
 * The client as it is, but every acknowledged data batch is noted in `tally`; `log` (the
 * verbose request log) hears each batch's journalId, the service's handle on it.
 */
export function tallyingClient(client: GraphClient, tally: SentTally, log?: (line: string) => void): GraphClient {
  return {
    ...client,
    baseUrl: client.baseUrl,
    async pushData(id, ndjson) {
      const result = await client.pushData(id, ndjson);
      tally.add(ndjson, result);
      if (result.journalId !== undefined) log?.(`POST data for source ${id} accepted: journalId ${result.journalId}`);
      return result;
    },
  };
}

/** An action line's `_id` as the service takes it: a string, or a number written as one. */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Items GraphQL serves to no one, not even to the graph credentials: deleted ones
 * (`_deleted: true`) and expired ones (`StopPublish` passed). Waiting for them would wait
 * for what never comes.
 */
function neverServed(data: Readonly<Record<string, unknown>>): boolean {
  if (data._deleted === true) return true;
  const stop = typeof data.StopPublish === 'string' ? Date.parse(data.StopPublish) : Number.NaN;
  return Number.isFinite(stop) && stop <= Date.now();
}

function parse(line: string): unknown {
  if (line.trim() === '') return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
