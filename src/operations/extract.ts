import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { GraphformErrorCode } from '../diagnostics/error-codes.js';
import { isNode, pluckGraphql } from './pluck.js';

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

/** Whether the file's GraphQL is found by parsing it: a code file that names a tag or has a GraphQL comment. */
export function needsExtractor(file: string, text: string): boolean {
  return CODE_FILE.test(file) && MAY_HOLD_GRAPHQL.test(text);
}

export type Extracted = { ok: true; pieces: GraphqlPiece[] } | { ok: false; diagnostic: Diagnostic };

/**
 * The GraphQL a frontend file holds: a `.graphql`/`.gql` file whole, or the `gql` and
 * `graphql` tagged templates (and `/* GraphQL *\/` comments) of a JavaScript or TypeScript
 * file, found as @graphql-tools/graphql-tag-pluck (graphql-codegen's extractor) finds them,
 * in the file oxc-parser parses. The parser loads only when a code file is read. `file` is
 * the name diagnostics give.
 */
export async function extractGraphql(file: string, text: string): Promise<Extracted> {
  if (GRAPHQL_FILE.test(file)) return { ok: true, pieces: [{ body: text, line: 1, column: 1 }] };
  const lang = languageOf(file);
  if (lang === undefined) {
    return {
      ok: false,
      diagnostic: problem(
        file,
        1,
        1,
        'GF_OPERATIONS_DOCUMENT_KIND',
        'is neither GraphQL (.graphql, .gql) nor JavaScript or TypeScript (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs); ' +
          'narrow the operations.documents pattern that matched it',
      ),
    };
  }
  // A file that names no tag and has no GraphQL comment holds no GraphQL: the parser is not loaded, nor the file parsed, for it.
  if (!needsExtractor(file, text)) return { ok: true, pieces: [] };
  const { parseSync } = await (parser ??= import('oxc-parser'));
  // Every file is a module, as tag-pluck reads them; parentheses make no node, as in babel's tree.
  const parsed = parseSync(file, text, { lang, sourceType: 'module', preserveParens: false });
  const error = parsed.errors.find((e) => e.severity === 'Error');
  const lines = lineStarts(text);
  if (error !== undefined) {
    const at = positionOf(lines, error.labels[0]?.start ?? 0);
    return {
      ok: false,
      diagnostic: problem(
        file,
        at.line,
        at.column,
        'GF_OPERATIONS_SYNTAX',
        `could not be parsed as JavaScript or TypeScript: ${error.message}; its GraphQL was not checked`,
      ),
    };
  }
  const program = parsed.program as unknown;
  if (!isNode(program)) return { ok: true, pieces: [] };
  // The text starts one character after the backtick.
  const pieces = pluckGraphql(text, program, parsed.comments).map(({ body, offset }) => ({ body, ...positionOf(lines, offset + 1) }));
  return { ok: true, pieces };
}

let parser: Promise<typeof import('oxc-parser')> | undefined;

/** oxc's language for a code file; tag-pluck reads JavaScript files with JSX too. */
function languageOf(file: string): 'ts' | 'tsx' | 'jsx' | undefined {
  const extension = CODE_FILE.exec(file)?.[1]?.toLowerCase();
  if (extension === undefined) return undefined;
  if (extension === 'tsx') return 'tsx';
  return extension.endsWith('ts') ? 'ts' : 'jsx';
}

/** Where each line starts, by the line breaks JavaScript knows. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|[\n\u2028\u2029]/g)) starts.push(match.index + match[0].length);
  return starts;
}

/** The 1-based line and column (in UTF-16 units, as editors and graphql count) of an offset. */
function positionOf(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) <= offset) low = middle + 1;
    else high = middle;
  }
  return { line: low, column: offset - (starts[low - 1] as number) + 1 };
}

/** Where a piece's own (1-based) line and column lie in its file. */
export function placeInFile(piece: Pick<GraphqlPiece, 'line' | 'column'>, line: number, column: number): { line: number; column: number } {
  return { line: piece.line + line - 1, column: line === 1 ? piece.column + column - 1 : column };
}

export function problem(file: string, line: number, column: number, code: GraphformErrorCode, message: string): Diagnostic {
  return { code, severity: 'error', file, line, column, path: '', message: `${file} ${message}` };
}
