import { GraphformError } from '../diagnostics/errors.js';
import type { SourceDefinition } from '../model/types.js';
import { GRAPH_ERROR_CODES } from './errors.js';
import { readDefinition } from './read-definition.js';
import { readSourceList } from './read-sources.js';
import type { PushResult, SourceInfo } from './types.js';

/**
 * The client's readers of 2xx answers. A body shown in an error passes through `clean`
 * (the client's redaction) first: it is the service's text, and may echo what was sent.
 */
type Clean = (text: string) => string;

/** A definition read from an answer, with the paths of the fields graphform does not know. */
export interface ReadDefinition {
  definition: SourceDefinition;
  unknown: string[];
  hasDescription: boolean;
}

export function parseDefinition(text: string, what: string, clean: Clean): ReadDefinition {
  const value = parseJson(text);
  const read = value === undefined ? { ok: false as const, problem: 'the answer is not JSON' } : readDefinition(value);
  if (!read.ok) throw badResponse(`${what} with a definition graphform cannot read: ${read.problem}.`, text, clean, 'Run with --no-refresh to plan from state alone, and report the answer above.');
  return { definition: read.definition, unknown: read.unknown, hasDescription: read.hasDescription };
}

export function parseSourceList(text: string, what: string, clean: Clean): SourceInfo[] {
  const value = parseJson(text);
  const read = value === undefined ? { ok: false as const, problem: 'the answer is not JSON' } : readSourceList(value);
  if (!read.ok) throw badResponse(`${what} with a list of sources graphform cannot read: ${read.problem}.`, text, clean, 'Report the answer above; graphform reads a JSON array of {id, label, description, languages} or a map of id to them.');
  return read.sources;
}

export function parsePushResult(text: string): PushResult {
  const value = parseJson(text);
  if (typeof value === 'object' && value !== null && typeof (value as { journalId?: unknown }).journalId === 'string') {
    return { journalId: (value as { journalId: string }).journalId };
  }
  // The body is optional and undocumented: anything else means "no journal id".
  return {};
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function badResponse(message: string, body: string, clean: Clean, hint: string): GraphformError {
  return new GraphformError(GRAPH_ERROR_CODES.badResponse, `The graph service answered ${message}`, {
    // Redacted before it is cut short, so a secret split by the cut cannot show its first half.
    details: { body: clean(body).slice(0, 200) },
    hint,
  });
}
