import { GraphformError } from '../diagnostics/errors.js';
import { MAX_DECLARATION_DEPTH } from '../load/nesting-depth.js';
import { nestsDeeperThan } from '../model/value-depth.js';
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
  const read =
    value === undefined
      ? { ok: false as const, problem: 'the answer is not JSON' }
      : tooDeep(value)
        ? { ok: false as const, problem: TOO_DEEP }
        : readDefinition(value);
  if (!read.ok)
    throw badResponse(
      `${what} with a definition graphform cannot read: ${read.problem}.`,
      text,
      clean,
      'Run with --no-refresh to plan from state alone, and report the answer above.',
    );
  return { definition: read.definition, unknown: read.unknown, hasDescription: read.hasDescription };
}

export function parseSourceList(text: string, what: string, clean: Clean): SourceInfo[] {
  const value = parseJson(text);
  const read = value === undefined ? { ok: false as const, problem: 'the answer is not JSON' } : readSourceList(value);
  if (!read.ok)
    throw badResponse(
      `${what} with a list of sources graphform cannot read: ${read.problem}.`,
      text,
      clean,
      'Report the answer above; graphform reads a JSON array of {id, label, description, languages} or a map of id to them.',
    );
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

/**
 * A definition nests a few levels, and its unknown fields are kept, compared, hashed and
 * written as a declaration by walks that recurse: one deeper than a declaration may be
 * (50,000 nested lists in an unknown field) is refused before any of them meets it.
 */
function tooDeep(value: unknown): boolean {
  return nestsDeeperThan(value, MAX_DECLARATION_DEPTH);
}

const TOO_DEEP = `it nests lists and maps more than ${MAX_DECLARATION_DEPTH} levels deep, deeper than a declaration may (a definition nests a few levels)`;

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
