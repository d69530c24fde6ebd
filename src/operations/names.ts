import { Kind, print, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { diagnosticPlace, type Diagnostic } from '../diagnostics/diagnostic.js';
import { problem } from './extract.js';
import type { DocumentPlace } from './types.js';

type Named = OperationDefinitionNode | FragmentDefinitionNode;

/** A name defined more than once, differently: where first (by file, line and column), and each later place that differs. */
export interface DefinedTwice {
  name: string;
  first: DocumentPlace;
  /** Each later definition unlike the first: where, and what it defines (`query`, `fragment` ...). */
  others: (DocumentPlace & { kind: string })[];
}

/** Each name's definitions, in the order met: a map lookup per definition while the documents are read. */
export function addDefinition<T extends Named>(byName: Map<string, T[]>, name: string, definition: T): void {
  const known = byName.get(name);
  if (known === undefined) byName.set(name, [definition]);
  else known.push(definition);
}

/**
 * Of each name, the definition that counts (the first by place, so the order the files are
 * read in changes nothing), and the names whose later definitions differ from it. Copies
 * alike (the same once printed, whatever the spacing and comments) are one definition, as
 * graphql-codegen takes them. Places are looked up for names defined more than once only.
 */
export function firstDefinitions<T extends Named>(
  byName: ReadonlyMap<string, readonly T[]>,
  placeOf: (node: T) => DocumentPlace,
): { firsts: Map<string, T>; twice: Map<string, DefinedTwice> } {
  const firsts = new Map<string, T>();
  const twice = new Map<string, DefinedTwice>();
  for (const [name, definitions] of byName) {
    const [only] = definitions;
    if (only === undefined) continue;
    if (definitions.length === 1) {
      firsts.set(name, only);
      continue;
    }
    const placed = definitions.map((node) => ({ node, place: placeOf(node) })).sort((a, b) => comparePlaces(a.place, b.place));
    const [first, ...later] = placed as [(typeof placed)[number], ...typeof placed];
    firsts.set(name, first.node);
    const printed = print(first.node);
    const others = later
      .filter((l) => print(l.node) !== printed)
      .map((l) => ({ ...l.place, kind: l.node.kind === Kind.FRAGMENT_DEFINITION ? 'fragment' : l.node.operation }));
    if (others.length > 0) twice.set(name, { name, first: first.place, others });
  }
  return { firsts, twice };
}

/** An error at each later definition of a name, naming the first one's place. */
export function definedTwiceDiagnostics(twice: Iterable<DefinedTwice>, of: 'operations' | 'fragments'): Diagnostic[] {
  const why =
    of === 'fragments'
      ? 'graphql-codegen refuses two fragments of one name, and which one an operation spreads cannot be told (each operation that spreads it is broken)'
      : 'graphql-codegen refuses two operations of one name ("Not all operations have an unique name"), and persisted queries and client caches tell operations apart by name';
  return [...twice].flatMap(({ name, first, others }) =>
    others.map((at) =>
      problem(
        at.file,
        at.line,
        at.column,
        'GF_OPERATIONS_DUPLICATE_NAME',
        `defines ${at.kind} "${name}" again, differently from the one at ${diagnosticPlace(first)}: ${why}. Rename one of them.`,
      ),
    ),
  );
}

/** Why an operation spreading a fragment defined twice is broken: the fragment and each of its places. */
export function ambiguousSpread(twice: DefinedTwice): string {
  return `Fragment "${twice.name}" is defined more than once, differently (${[twice.first, ...twice.others].map(diagnosticPlace).join(', ')}): which one is spread cannot be told.`;
}

function comparePlaces(a: DocumentPlace, b: DocumentPlace): number {
  return (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column;
}
