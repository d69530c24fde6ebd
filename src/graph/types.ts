import type { PartialTypesBody, SourceDefinition } from '../model/types.js';

export type GraphAuth =
  | { scheme: 'basic'; appKey: string; secret: string }
  | { scheme: 'hmac'; appKey: string; secret: string };

/** Result of reading a source's schema back. */
export type RemoteDefinition =
  | { status: 'found'; definition: SourceDefinition }
  | { status: 'missing' }
  /** The service does not offer GET types (405/501): fall back to state alone. */
  | { status: 'unsupported' };

export interface PushResult {
  journalId?: string;
}

/**
 * The graph service, verb by verb (service-api.md "Graph service"). Every verb takes an
 * explicit, valid source id and refuses to send without one: a types call without id
 * would overwrite the CMS's own source.
 */
export interface GraphClient {
  readonly baseUrl: string;
  /** Full update: creates the source, or replaces its schema and DELETES ALL ITS ITEMS. */
  putTypes(id: string, definition: SourceDefinition): Promise<void>;
  /** Partial update: keeps the data; only after a full update. */
  postTypes(id: string, body: PartialTypesBody): Promise<void>;
  getTypes(id: string): Promise<RemoteDefinition>;
  /** Sends NDJSON (action line + data line pairs) exactly as given. */
  pushData(id: string, ndjson: string | Uint8Array): Promise<PushResult>;
  /** Deletes all items of the source in the given languages. */
  purgeData(id: string, languages: readonly string[]): Promise<void>;
}
