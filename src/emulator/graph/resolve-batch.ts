import type { ParsedOp } from './data-batch.js';
import { ownContentType } from './definition-references.js';
import type { ContentSourceV3 } from './wire-definition.js';
import type { ItemOp } from '../items/item-store.js';
import { dataObject, mayHoldUnsearchable, sourceKeysFor, unsearchableFields, type SourceKeys } from './searchable-names.js';

export interface ResolvedBatch {
  /** A 400 for the whole request: nothing is applied. */
  error: string | undefined;
  ops: ItemOp[];
  /** Data lines the service accepts (200) but does not index. */
  skipped: number;
  firstSkipReason: string | undefined;
  /**
   * Items stored with a searchable property under another name than its searchable one:
   * how many, and the first few (`line 2: Product.Name as "Name"`), for the request log.
   */
  unsearchable: { count: number; first: string[] };
}

/** How many unsearchable values the request log names one by one. */
const UNSEARCHABLE_NAMED = 3;

/**
 * Checks parsed operations against the source's current definition. A language the source
 * does not have fails the request; an item whose most-derived type is unknown or abstract
 * (or whose ContentType or _rbac is malformed) is accepted and not indexed, as the real
 * service answers 200 and indexes nothing for such items.
 */
export function resolveBatch(definition: ContentSourceV3, parsed: readonly ParsedOp[]): ResolvedBatch {
  const languages = new Set(definition.languages ?? []);
  const ops: ItemOp[] = [];
  const unsearchable = { count: 0, first: [] as string[] };
  let names: SourceKeys | undefined;
  let skipped = 0;
  let firstSkipReason: string | undefined;
  const skip = (line: number, reason: string): void => {
    skipped++;
    firstSkipReason ??= `line ${line}: ${reason}`;
  };
  for (const op of parsed) {
    if (!languages.has(op.lang)) {
      const known = (definition.languages ?? []).join(', ');
      return {
        error: `line ${op.line}: language_routing "${op.lang}" is not a language of the source (${known})`,
        ops: [],
        skipped: 0,
        firstSkipReason: undefined,
        unsearchable: { count: 0, first: [] },
      };
    }
    if (op.kind === 'delete') {
      ops.push({ kind: 'delete', lang: op.lang, id: op.id });
      continue;
    }
    if (op.problem !== undefined || op.type === undefined) {
      skip(op.dataLine, op.problem ?? 'no ContentType');
      continue;
    }
    const contentType = ownContentType(definition, op.type);
    if (contentType === undefined) skip(op.dataLine, `ContentType ${op.type} is not a content type of the source`);
    else if (contentType.abstract === true) skip(op.dataLine, `ContentType ${op.type} is abstract`);
    else {
      ops.push({ kind: 'index', item: { id: op.id, lang: op.lang, type: op.type, raw: op.raw } });
      names ??= sourceKeysFor(definition);
      noteUnsearchable(names, op.type, op.raw, op.dataLine, unsearchable);
    }
  }
  return { error: undefined, ops, skipped, firstSkipReason, unsearchable };
}

function noteUnsearchable(names: SourceKeys, typeName: string, raw: string, line: number, into: ResolvedBatch['unsearchable']): void {
  if (!mayHoldUnsearchable(names, typeName, raw)) return;
  const data = dataObject(raw);
  const fields = data === undefined ? [] : unsearchableFields(names, typeName, data);
  if (fields.length === 0) return;
  into.count++;
  const wire = (name: string): string => names.of(typeName)?.keyOf.get(name) ?? name;
  if (into.first.length < UNSEARCHABLE_NAMED) into.first.push(`line ${line}: ${fields.map((name) => `${typeName}.${name} not as ${wire(name)}`).join(', ')}`);
}
