import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import type { SourceDefinition } from '../../model/types.js';
import { DATA_CODES } from '../codes.js';
import type { DataRecord } from '../types.js';
import { ancestorsOf } from './item-schema.js';
import type { ItemValidators } from './item-validators.js';
import { problem, type ValueProblem } from './value-problems.js';
import { isRecord } from '../../model/is-record.js';
import { ownValue } from '../../model/own.js';

export interface RecordRulesContext {
  sourceId: string;
  definition: SourceDefinition;
  validators: ItemValidators;
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
  if (record.item !== undefined) problems.push(...checkItem(record.item, language, context));
  return problems.map((p) => ({ code: p.code, severity: p.severity, message: p.message, file: record.file, line: record.line, column: 1, path: p.path }));
}

function checkItem(item: Record<string, unknown>, language: string, context: RecordRulesContext): ValueProblem[] {
  const problems: ValueProblem[] = [];
  const declaredLanguage = isRecord(item.Language) ? item.Language.Name : undefined;
  if (typeof declaredLanguage === 'string' && declaredLanguage !== language) {
    problems.push(
      problem(DATA_CODES.languageMismatch, '/Language/Name', `Language.Name is "${excerpt(declaredLanguage)}" but the item is routed to "${excerpt(language)}" (language_routing): they must be equal.`),
    );
  }
  const typeName = mostDerivedType(item.ContentType, context, problems);
  if (typeName !== undefined) problems.push(...context.validators.check(typeName, item));
  return problems;
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
  const known = Object.keys(definition.contentTypes);
  names.forEach((name, index) => {
    if (ownValue(definition.contentTypes, name) === undefined) {
      problems.push(
        problem(DATA_CODES.unknownContentType, `/ContentType/${index}`, `Content type "${excerpt(name)}" is not declared in source ${context.sourceId} (declared: ${known.join(', ')}).`),
      );
    }
  });
  const last = names[names.length - 1] ?? '';
  const lastType = ownValue(definition.contentTypes, last);
  if (lastType === undefined) return undefined;
  if (lastType.abstract === true) {
    problems.push(
      problem(DATA_CODES.abstractContentType, `/ContentType/${names.length - 1}`, `Content type "${excerpt(last)}" is abstract: an item's most-derived (last) content type must be concrete.`),
    );
    return undefined;
  }
  const missing = ancestorsOf(definition, last).filter((base) => !names.includes(base));
  if (missing.length > 0) {
    problems.push(
      problem(
        DATA_CODES.contentTypeBasesMissing,
        '/ContentType',
        `ContentType lacks ${missing.map((m) => `"${m}"`).join(', ')}, base${missing.length > 1 ? 's' : ''} of "${excerpt(last)}": queries on the base type will not find this item.`,
        'warning',
      ),
    );
  }
  return last;
}
