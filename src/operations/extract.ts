import { createRequire } from 'node:module';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { GraphformErrorCode } from '../diagnostics/error-codes.js';

/** A piece of GraphQL in a frontend file: the text, and where in the file its first character is (1-based). */
export interface GraphqlPiece {
  body: string;
  line: number;
  column: number;
}

/** File names read as GraphQL whole; the rest matched by `operations.documents` are JavaScript or TypeScript. */
const GRAPHQL_FILE = /\.(graphql|gql)$/i;
const CODE_FILE = /\.(ts|tsx|js|jsx|mts|cts|mjs|cjs)$/i;
/** What the extractor looks for: a `gql` or `graphql` tag (any identifier it accepts ends so), or a `/* GraphQL *\/` comment. */
const MAY_HOLD_GRAPHQL = /gql|graphql/i;

/** Whether the file's GraphQL is found by the tag extractor (babel): a code file that names a tag or has a GraphQL comment. */
export function needsExtractor(file: string, text: string): boolean {
  return CODE_FILE.test(file) && MAY_HOLD_GRAPHQL.test(text);
}

export type Extracted = { ok: true; pieces: GraphqlPiece[] } | { ok: false; diagnostic: Diagnostic };

/**
 * The GraphQL a frontend file holds: a `.graphql`/`.gql` file whole, or the `gql` and
 * `graphql` tagged templates (and `/* GraphQL *\/` comments) of a JavaScript or TypeScript
 * file, found by @graphql-tools/graphql-tag-pluck, the extractor graphql-codegen itself
 * uses. It brings babel, so it loads only when a code file is read. `file` is the name
 * diagnostics give.
 */
export function extractGraphql(file: string, text: string): Extracted {
  if (GRAPHQL_FILE.test(file)) return { ok: true, pieces: [{ body: text, line: 1, column: 1 }] };
  if (!CODE_FILE.test(file)) {
    return {
      ok: false,
      diagnostic: problem(
        file,
        1,
        1,
        'GF_OPERATIONS_DOCUMENT_KIND',
        'is neither GraphQL (.graphql, .gql) nor JavaScript or TypeScript (.ts, .tsx, .js, .jsx); narrow the operations.documents pattern that matched it',
      ),
    };
  }
  // A file that names no tag and has no GraphQL comment holds no GraphQL: babel is not loaded, nor the file parsed, for it.
  if (!needsExtractor(file, text)) return { ok: true, pieces: [] };
  const { gqlPluckFromCodeStringSync } = tagPluck();
  try {
    // skipIndent keeps each template as written, so positions inside it map back to the file.
    const sources = gqlPluckFromCodeStringSync(file, text, { skipIndent: true });
    // Babel gives the backtick's line and 0-based column: the text starts one character after it.
    return { ok: true, pieces: sources.map((source) => ({ body: source.body, line: source.locationOffset.line, column: source.locationOffset.column + 2 })) };
  } catch (error) {
    const at = babelPosition(error);
    const reason = error instanceof Error ? error.message.replace(/\s*\(\d+:\d+\)$/, '') : String(error);
    return {
      ok: false,
      diagnostic: problem(
        file,
        at.line,
        at.column,
        'GF_OPERATIONS_SYNTAX',
        `could not be parsed as JavaScript or TypeScript: ${reason}; its GraphQL was not checked`,
      ),
    };
  }
}

type TagPluck = typeof import('@graphql-tools/graphql-tag-pluck');
let loaded: TagPluck | undefined;

/**
 * The extractor's CommonJS build, required: babel is CommonJS, and imported from an ES module
 * Node lexes each of its files for named exports first, which doubled babel's load.
 */
function tagPluck(): TagPluck {
  loaded ??= createRequire(import.meta.url)('@graphql-tools/graphql-tag-pluck') as TagPluck;
  return loaded;
}

/** Where a piece's own (1-based) line and column lie in its file. */
export function placeInFile(piece: Pick<GraphqlPiece, 'line' | 'column'>, line: number, column: number): { line: number; column: number } {
  return { line: piece.line + line - 1, column: line === 1 ? piece.column + column - 1 : column };
}

export function problem(file: string, line: number, column: number, code: GraphformErrorCode, message: string): Diagnostic {
  return { code, severity: 'error', file, line, column, path: '', message: `${file} ${message}` };
}

function babelPosition(error: unknown): { line: number; column: number } {
  const loc = typeof error === 'object' && error !== null && 'loc' in error ? (error as { loc?: unknown }).loc : undefined;
  if (typeof loc === 'object' && loc !== null && 'line' in loc && 'column' in loc) {
    const { line, column } = loc as { line: unknown; column: unknown };
    if (typeof line === 'number' && typeof column === 'number') return { line, column: column + 1 };
  }
  return { line: 1, column: 1 };
}
