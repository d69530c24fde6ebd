import type { PartialTypesBody, SourceDefinition } from '../model/types.js';

export type GraphAuth = { scheme: 'basic'; appKey: string; secret: string } | { scheme: 'hmac'; appKey: string; secret: string };

/** Result of reading a source's schema back. */
export type RemoteDefinition =
  | {
      status: 'found';
      definition: SourceDefinition;
      /** Paths of the fields the answer had that graphform does not know (kept in `unknownFields`). */
      unknown: string[];
      /** Whether the answer had a `description` key: a service that keeps it only in the sources API has none. */
      hasDescription: boolean;
    }
  | { status: 'missing' }
  /** The service does not offer GET types (405/501): fall back to state alone. */
  | { status: 'unsupported' };

/** One source of the account, as the sources API lists it (docs/service-facts.md "The sources API"). */
export interface SourceInfo {
  id: string;
  label: string;
  /** Absent when the service answers null or leaves it out. */
  description?: string;
  languages: string[];
}

/** The body of POST sources: both fields are required by the service, nothing else is allowed. */
export interface SourceLabels {
  label: string;
  description: string;
}

/**
 * DELETE sources `mode`: without one the service deletes types and data; `types` deletes
 * only the types, `data` only the items, `reset` the types and resets the data.
 */
export type SourceDeleteMode = 'types' | 'data' | 'reset';

export interface PushResult {
  journalId?: string;
}

/**
 * The graph service, verb by verb (docs/service-facts.md "Graph service"). Every verb takes an
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
  /**
   * Every source of the account, the CMS's `default` included. Throws GraphformError
   * GF_GRAPH_SOURCES_UNSUPPORTED (see isSourcesUnsupported) when the service has no
   * sources API (404, 405 or 501), so a caller can fall back with one warning.
   */
  listSources(): Promise<SourceInfo[]>;
  /** One source (`default` may be read), or undefined when the service says it does not exist. */
  getSource(id: string): Promise<SourceInfo | undefined>;
  /** Sets label and description without touching types or items. */
  updateSource(id: string, labels: SourceLabels): Promise<void>;
  /** Deletes the source's types and items (or only what `mode` names). Never without an id. */
  deleteSource(id: string, mode?: SourceDeleteMode): Promise<void>;
  /** The CMS's own content types (GET types?id=default), for name-collision checks. */
  getCmsTypes(): Promise<RemoteDefinition>;
}
