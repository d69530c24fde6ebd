import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import { closestMatch, didYouMean } from '../../diagnostics/suggest.js';
import type { SourceDefinition } from '../../model/types.js';
import { DATA_CODES } from '../codes.js';
import { describe, idText } from '../read/json-values.js';
import type { DataRecord } from '../types.js';
import { ancestorsOf, wireNamesOf } from './item-schema.js';
import { wireNameProblems } from './wire-name-problems.js';
import type { ItemValidators } from './item-validators.js';
import type { MovedFields } from './moved-fields.js';
import { problem, type ValueProblem } from './value-problems.js';
import { isRecord } from '../../model/is-record.js';
import { ownValue } from '../../model/own.js';

export interface RecordRulesContext {
  sourceId: string;
  definition: SourceDefinition;
  validators: ItemValidators;
  /** The property names the declaration's `moved:` took away; absent where items come moved already (the keep step). */
  moved?: MovedFields | undefined;
}

/**
 * The rules one record must pass on its own (uniqueness of `_id` needs the whole push and
 * lives in validate-files). Returns diagnostics located at the record's file:line.
 */
export function checkRecord(record: DataRecord, context: RecordRulesContext): Diagnostic[] {
  const problems: ValueProblem[] = [];
  const { definition } = context;
  const language = record.action.language;
  if (!definition.languages.includes(language)) {
    problems.push(
      problem(
        DATA_CODES.unknownLanguage,
        '',
        `Language "${excerpt(language)}" is not one of source ${context.sourceId}'s languages (${definition.languages.join(', ')}).`,
      ),
    );
  }
  if (record.item !== undefined) {
    idAgrees(record.item, record.action.id, problems);
    checkItem(record.item, language, context, problems);
  }
  if (problems.length === 0) return [];
  return problems.map((p) => ({ code: p.code, severity: p.severity, message: p.message, file: record.file, line: record.line, column: 1, path: p.path }));
}

function checkItem(item: Record<string, unknown>, language: string, context: RecordRulesContext, problems: ValueProblem[]): void {
  const declaredLanguage = isRecord(item.Language) ? item.Language.Name : undefined;
  if (typeof declaredLanguage === 'string' && declaredLanguage !== language) {
    problems.push(
      problem(
        DATA_CODES.languageMismatch,
        '/Language/Name',
        `Language.Name is "${excerpt(declaredLanguage)}" but the item is routed to "${excerpt(language)}" (language_routing): they must be equal.`,
      ),
    );
  }
  statusSpelling(item.Status, problems);
  if (!Object.hasOwn(item, 'ContentType') && Object.hasOwn(item, TYPED_CONTENT_TYPE)) {
    problems.push(problem(DATA_CODES.missingContentType, `/${TYPED_CONTENT_TYPE}`, TYPED_SERVICE_FIELDS_MESSAGE));
    return;
  }
  const typeName = mostDerivedType(item.ContentType, context, problems);
  if (typeName === undefined) return;
  const invalid = context.validators.check(typeName, item);
  // A wrong wire name is an error of its own, not the schema's "undeclared field" warning.
  const wire = wireNameProblems(item, typeName, wireNamesOf(context.definition), context.moved);
  for (const found of invalid) if (found.code !== DATA_CODES.undeclaredField || !wire.wrongPaths.has(found.path)) problems.push(found);
  for (const found of wire.problems) problems.push(found);
}

/** The vendor's C# client writes the service's own fields typed under useTypedFieldNames (`ContentType$$String`, `Status$$String`, `Language.Name$$String`). */
const TYPED_CONTENT_TYPE = 'ContentType$$String';
const TYPED_SERVICE_FIELDS_MESSAGE =
  'The item names its content types as "ContentType$$String", the form the vendor\'s C# client writes under useTypedFieldNames; ' +
  "graphform reads and sends the service's own fields by their plain names (ContentType, Status, Language.Name), whatever useTypedFieldNames says. " +
  'Rename them to the plain names (docs/data.md, "Field names (the wire form)").';

/**
 * A data line may repeat its action line's `_id`, but one that differs says two things: the
 * service indexes the item under the action line's, so the file does not mean what it reads.
 */
function idAgrees(item: Record<string, unknown>, id: string, problems: ValueProblem[]): void {
  if (!Object.hasOwn(item, '_id') || idText(item._id) === id) return;
  const own = item._id;
  const shown = typeof own === 'string' ? `"${excerpt(own)}"` : typeof own === 'number' ? String(own) : describe(own);
  problems.push(
    problem(
      DATA_CODES.idMismatch,
      '/_id',
      `The data line's _id is ${shown} but its action line's is "${excerpt(id)}": ` +
        `the service indexes the item under the action line's _id. Make the two equal, or leave _id out of the data line.`,
    ),
  );
}

/** The Status values clients send (public facts); the service documents no others, so only a near miss is flagged. */
const KNOWN_STATUSES: readonly string[] = ['Published', 'Draft'];

/** A Status within a few edits of a known one ("published", "Publshed") is most likely that one misspelt. */
function statusSpelling(value: unknown, problems: ValueProblem[]): void {
  if (typeof value !== 'string' || KNOWN_STATUSES.includes(value)) return;
  const suggestion = closestMatch(value, KNOWN_STATUSES);
  if (suggestion === undefined) return;
  problems.push(
    problem(
      DATA_CODES.unknownStatus,
      '/Status',
      `Status "${excerpt(value)}" is not one that clients send (${KNOWN_STATUSES.map((s) => `"${s}"`).join(', ')}); did you mean "${suggestion}"?`,
      'warning',
    ),
  );
}

/** Checks ContentType and returns its last entry when it names a concrete type of the source. */
function mostDerivedType(value: unknown, context: RecordRulesContext, problems: ValueProblem[]): string | undefined {
  const { definition } = context;
  if (!Array.isArray(value) || value.length === 0 || !value.every((name) => typeof name === 'string')) {
    problems.push(
      problem(
        DATA_CODES.missingContentType,
        '/ContentType',
        value === undefined
          ? 'The item has no ContentType: list its content types, the most-derived last, e.g. ["Item", "Product"].'
          : 'ContentType must be a non-empty array of content type names, the most-derived last.',
      ),
    );
    return undefined;
  }
  const names = value as string[];
  for (let index = 0; index < names.length; index++) {
    const name = names[index] ?? '';
    if (ownValue(definition.contentTypes, name) === undefined) {
      const known = Object.keys(definition.contentTypes);
      const suggestion = didYouMean(name, known);
      problems.push(
        problem(
          DATA_CODES.unknownContentType,
          `/ContentType/${index}`,
          `Content type "${excerpt(name)}" is not declared in source ${context.sourceId} (declared: ${known.join(', ')})${suggestion || '.'}`,
        ),
      );
    }
  }
  const last = names[names.length - 1] ?? '';
  const lastType = ownValue(definition.contentTypes, last);
  if (lastType === undefined) return undefined;
  if (lastType.abstract === true) {
    problems.push(
      problem(
        DATA_CODES.abstractContentType,
        `/ContentType/${names.length - 1}`,
        `Content type "${excerpt(last)}" is abstract: an item's most-derived (last) content type must be concrete.`,
      ),
    );
    return undefined;
  }
  const ancestors = ancestorsCached(definition, last);
  if (ancestors.length > 0 && !ancestors.every((base) => names.includes(base))) {
    const missing = ancestors.filter((base) => !names.includes(base));
    problems.push(
      problem(
        DATA_CODES.contentTypeBasesMissing,
        '/ContentType',
        `ContentType lacks ${missing.map((m) => `"${m}"`).join(', ')}, base${missing.length > 1 ? 's' : ''} of "${excerpt(last)}": ` +
          'queries on the base type will not find this item.',
        'warning',
      ),
    );
  }
  return last;
}

/** Bases of each content type, worked out once per definition: every record of a push asks. */
const ANCESTORS = new WeakMap<SourceDefinition, Map<string, readonly string[]>>();

function ancestorsCached(definition: SourceDefinition, typeName: string): readonly string[] {
  let byType = ANCESTORS.get(definition);
  if (byType === undefined) ANCESTORS.set(definition, (byType = new Map()));
  let found = byType.get(typeName);
  if (found === undefined) byType.set(typeName, (found = ancestorsOf(definition, typeName)));
  return found;
}
