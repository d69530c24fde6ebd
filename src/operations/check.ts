import {
  getLocation,
  GraphQLError,
  Kind,
  LoneAnonymousOperationRule,
  NoUnusedFragmentsRule,
  parse,
  Source,
  specifiedRules,
  TypeInfo,
  UniqueFragmentNamesRule,
  UniqueOperationNamesRule,
  validate,
  visit,
  type ASTNode,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { placeInFile, problem, type GraphqlPiece } from './extract.js';
import { addDefinition, ambiguousSpread, definedTwiceDiagnostics, firstDefinitions, type DefinedTwice } from './names.js';
import { reaches, readsOf } from './reads.js';
import { VARIABLE_RULES, variablesRule } from './variable-rules.js';
import type { CheckedOperation, DocumentPlace, OperationChange, OperationProblem } from './types.js';

/** A frontend file's GraphQL: its name as shown and the pieces it holds. */
export interface FrontendDocument {
  file: string;
  pieces: GraphqlPiece[];
}

/** The schema to check against, or why there is none. */
export type CheckSchema = { ok: true; schema: GraphQLSchema } | { ok: false; problems: string[] };

interface Parsed {
  operation: OperationDefinitionNode;
  file: string;
}

/**
 * Every operation of the documents validated against `schema` (the fragments it spreads
 * come from any document, as codegen tools allow): broken when invalid, affected when it is
 * valid but reads something a `changes` entry changes, unaffected otherwise. A piece that
 * is not GraphQL is a diagnostic at its file, line and column; its operations are unchecked.
 * A name two definitions give differently is an error at the later one; an operation that
 * spreads a fragment so defined is broken. A fragment no operation spreads is validated
 * too: its problems are warnings. Diagnostics come sorted by place.
 */
export function checkDocuments(
  documents: readonly FrontendDocument[],
  schema: CheckSchema,
  changes: readonly OperationChange[],
): { operations: CheckedOperation[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const pieces = new Map<Source, { file: string; piece: GraphqlPiece }>();
  const operations: Parsed[] = [];
  const operationNames = new Map<string, OperationDefinitionNode[]>();
  const fragmentNames = new Map<string, FragmentDefinitionNode[]>();
  for (const document of documents) {
    for (const piece of document.pieces) {
      // A file of comments alone is no operation, not a syntax error.
      if (piece.body.replace(/#[^\n\r]*/g, '').trim() === '') continue;
      const source = new Source(piece.body, document.file);
      pieces.set(source, { file: document.file, piece });
      let parsed: DocumentNode;
      try {
        parsed = parse(source);
      } catch (error) {
        const at =
          error instanceof GraphQLError && error.locations?.[0] !== undefined
            ? placeInFile(piece, error.locations[0].line, error.locations[0].column)
            : { line: piece.line, column: piece.column };
        const reason = error instanceof GraphQLError ? error.message : String(error);
        diagnostics.push(
          problem(document.file, at.line, at.column, 'GF_OPERATIONS_SYNTAX', `holds GraphQL that does not parse: ${reason} Its operations were not checked.`),
        );
        continue;
      }
      for (const definition of parsed.definitions) {
        if (definition.kind === Kind.OPERATION_DEFINITION) {
          operations.push({ operation: definition, file: document.file });
          // Anonymous operations are no duplicates of each other: each file may hold its own (see WHOLE_DOCUMENT_RULES).
          if (definition.name !== undefined) addDefinition(operationNames, definition.name.value, definition);
        } else if (definition.kind === Kind.FRAGMENT_DEFINITION) addDefinition(fragmentNames, definition.name.value, definition);
      }
    }
  }
  const placeOf = (node: ASTNode | undefined, fallback: string): { file: string; line: number; column: number } => {
    const loc = node?.loc;
    const known = loc === undefined ? undefined : pieces.get(loc.source);
    if (loc === undefined || known === undefined) return { file: fallback, line: 1, column: 1 };
    const at = getLocation(loc.source, loc.start);
    return { file: known.file, ...placeInFile(known.piece, at.line, at.column) };
  };
  const placeOfNode = (node: ASTNode): DocumentPlace => placeOf(node, '');
  const { firsts: fragments, twice: ambiguous } = firstDefinitions(fragmentNames, placeOfNode);
  diagnostics.push(
    ...definedTwiceDiagnostics(firstDefinitions(operationNames, placeOfNode).twice.values(), 'operations'),
    ...definedTwiceDiagnostics(ambiguous.values(), 'fragments'),
  );
  if (!schema.ok) {
    const problem = `the schema served after the apply does not work: ${schema.problems.join('; ')}`;
    const broken = operations.map(({ operation, file }): CheckedOperation => ({
      ...head(operation, placeOf(operation, file)),
      status: 'broken',
      problems: [{ ...placeOf(operation, file), message: problem }],
      changes: [],
    }));
    return { operations: sortOperations(broken), diagnostics: diagnostics.sort(compareDiagnostics) };
  }
  // Which fragments each operation spreads is needed only to give it a fragment's problems, or the changes a fragment reads.
  let spread: Spread[][] | undefined;
  const uses = (): Spread[][] => (spread ??= operations.map(({ operation }) => spreadFragments(operation, fragments)));
  const { problems, unused } = validateAll(schema.schema, operations, fragments, uses, placeOf);
  diagnostics.push(...unused);
  const checked = operations.map(({ operation, file }, index): CheckedOperation => {
    const found = [...(ambiguous.size === 0 ? [] : ambiguousSpreads(uses()[index] ?? [], ambiguous, placeOfNode)), ...(problems[index] ?? [])];
    const at = head(operation, placeOf(operation, file));
    if (found.length > 0) return { ...at, status: 'broken', problems: found, changes: [] };
    if (changes.length === 0) return { ...at, status: 'unaffected', problems: [], changes: [] };
    const reads = readsOf(schema.schema, { kind: Kind.DOCUMENT, definitions: [operation, ...(uses()[index] ?? []).map((u) => u.fragment)] });
    const reached = changes.filter((change) => reaches(change, reads));
    return { ...at, status: reached.length > 0 ? 'affected' : 'unaffected', problems: [], changes: reached };
  });
  return { operations: sortOperations(checked), diagnostics: diagnostics.sort(compareDiagnostics) };
}

function head(
  operation: OperationDefinitionNode,
  place: { file: string; line: number; column: number },
): Pick<CheckedOperation, 'name' | 'kind' | 'file' | 'line' | 'column'> {
  return { name: operation.name?.value ?? '(anonymous)', kind: operation.operation, ...place };
}

/**
 * Rules about a document as a whole, left out of the one document all files make: each
 * file may hold its anonymous operation, and a fragment need not be used by the operations
 * checked with it. Names defined twice are found while the definitions are collected
 * (names.ts): graphql's rules would name them without the file of the other definition,
 * and would refuse copies alike, which graphql-codegen takes.
 */
const WHOLE_DOCUMENT_RULES = new Set<ValidationRule>([UniqueOperationNamesRule, LoneAnonymousOperationRule, NoUnusedFragmentsRule, UniqueFragmentNamesRule]);
const RULES = specifiedRules.filter((rule) => !WHOLE_DOCUMENT_RULES.has(rule) && !VARIABLE_RULES.includes(rule));

/**
 * Every operation validated in one pass (one per operation costs the rules' set-up 500
 * times over), each problem given to the operation it lies in, or, in a fragment, to each
 * operation that spreads that fragment. A problem in a fragment no operation spreads fails
 * nothing (no request sends that fragment as it is), but is a warning at its place: the
 * fragment is broken for the operation that spreads it next.
 */
function validateAll(
  schema: GraphQLSchema,
  operations: readonly Parsed[],
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  uses: () => readonly Spread[][],
  placeOf: (node: ASTNode | undefined, fallback: string) => DocumentPlace,
): { problems: OperationProblem[][]; unused: Diagnostic[] } {
  const definitions: DefinitionNode[] = [...operations.map((o) => o.operation), ...fragments.values()];
  // The variables rule reads the types where each variable stands from the validation's own
  // TypeInfo, given as validate's last argument (deprecated in graphql 16, the only way in).
  const typeInfo = new TypeInfo(schema);
  const errors = validate(schema, { kind: Kind.DOCUMENT, definitions }, [...RULES, variablesRule(typeInfo)], { maxErrors: Number.MAX_SAFE_INTEGER }, typeInfo);
  const problems: OperationProblem[][] = operations.map(() => []);
  const unused: Diagnostic[] = [];
  if (errors.length === 0) return { problems, unused };
  const owners = new Map<DefinitionNode, number[]>();
  operations.forEach(({ operation }, index) => owners.set(operation, [index]));
  uses().forEach((used, index) => {
    for (const { fragment } of used) owners.set(fragment, [...(owners.get(fragment) ?? []), index]);
  });
  for (const error of errors) {
    const node = error.nodes?.[0];
    const owner =
      node === undefined
        ? undefined
        : definitions.find(
            (d) =>
              d.loc !== undefined && node.loc !== undefined && d.loc.source === node.loc.source && d.loc.start <= node.loc.start && node.loc.end <= d.loc.end,
          );
    const indexes = owner === undefined ? [] : owners.get(owner);
    if (indexes === undefined && owner?.kind === Kind.FRAGMENT_DEFINITION) unused.push(unusedFragmentProblem(owner, placeOf(node, ''), error.message));
    for (const index of indexes ?? []) problems[index]?.push({ ...placeOf(node, operations[index]?.file ?? ''), message: error.message });
  }
  return { problems, unused };
}

function unusedFragmentProblem(fragment: FragmentDefinitionNode, at: DocumentPlace, message: string): Diagnostic {
  const found = problem(
    at.file,
    at.line,
    at.column,
    'GF_OPERATIONS_UNUSED_FRAGMENT',
    `holds fragment "${fragment.name.value}", spread by no operation checked, which is not valid: ${message} ` +
      'It fails no check until an operation spreads it; fix it or delete it.',
  );
  return { ...found, severity: 'warning' };
}

/** A problem for each fragment defined more than once, differently, that the operation spreads, at the spread. */
function ambiguousSpreads(
  used: readonly Spread[],
  ambiguous: ReadonlyMap<string, DefinedTwice>,
  placeOf: (node: ASTNode) => DocumentPlace,
): OperationProblem[] {
  return used.flatMap(({ fragment, spread }) => {
    const twice = ambiguous.get(fragment.name.value);
    return twice === undefined ? [] : [{ ...placeOf(spread), message: ambiguousSpread(twice) }];
  });
}

const STATUS_ORDER = { broken: 0, affected: 1, unaffected: 2 } as const;

/** Broken first, then affected, then unaffected; by file, line and column within each. */
export function sortOperations(operations: readonly CheckedOperation[]): CheckedOperation[] {
  return [...operations].sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column,
  );
}

/** A fragment an operation spreads, and the first spread of it met. */
interface Spread {
  fragment: FragmentDefinitionNode;
  spread: FragmentSpreadNode;
}

/** The fragments an operation spreads, directly or through other fragments; unknown ones are left for validation to name. */
function spreadFragments(operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): Spread[] {
  const found = new Map<string, Spread>();
  const todo: ASTNode[] = [operation];
  for (let node = todo.pop(); node !== undefined; node = todo.pop()) {
    visit(node, {
      [Kind.FRAGMENT_SPREAD]: (spread) => {
        const name = spread.name.value;
        const fragment = fragments.get(name);
        if (fragment === undefined || found.has(name)) return;
        found.set(name, { fragment, spread });
        todo.push(fragment);
      },
    });
  }
  return [...found.values()];
}
