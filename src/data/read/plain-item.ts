import { DATA_CODES } from '../codes.js';
import type { ReadEntry } from '../types.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import { dataIssue } from './issue.js';
import { describe, idText } from './json-values.js';
import { isRecord } from '../../model/is-record.js';

/** Which fields of a plain item make its action line (DataConfig's idField and languageField). */
export interface PlainItemFields {
  idField: string;
  languageField: string;
}

/** Keys that belong on the action line, never on the data line. */
const ACTION_ONLY_KEYS = ['_id', 'language_routing'];

/**
 * Turns a plain item (no action line) into a record: `_id` from `idField`, the language from
 * `languageField`, else from `Language.Name`. `_id` and `language_routing` keys are moved to
 * the action line, so the data line carries only data.
 */
export function plainItemEntry(value: unknown, file: string, line: number, fields: PlainItemFields): ReadEntry {
  if (!isRecord(value)) {
    return { kind: 'issue', issue: dataIssue(DATA_CODES.notAnObject, file, line, `An item must be a JSON object, found ${describe(value)}.`) };
  }
  const id = idText(value[fields.idField]);
  if (id === undefined) {
    return {
      kind: 'issue',
      issue: dataIssue(
        DATA_CODES.itemMissingId,
        file,
        line,
        `The item has no "${fields.idField}" (a non-empty string or a number) to use as its _id; set data.idField in the config to use another field.`,
        `/${fields.idField}`,
      ),
    };
  }
  const language = languageOf(value, fields.languageField);
  if (language === undefined) {
    return {
      kind: 'issue',
      issue: dataIssue(
        DATA_CODES.itemMissingLanguage,
        file,
        line,
        `The item "${excerpt(id)}" has neither "${fields.languageField}" nor "Language.Name" to route it to a language.`,
        `/${fields.languageField}`,
      ),
    };
  }
  let item = value;
  if (ACTION_ONLY_KEYS.some((key) => key in value)) {
    item = { ...value };
    for (const key of ACTION_ONLY_KEYS) delete item[key];
  }
  return { kind: 'record', record: { file, line, action: { kind: 'index', id, language }, item } };
}

function languageOf(item: Record<string, unknown>, languageField: string): string | undefined {
  const direct = item[languageField];
  if (typeof direct === 'string' && direct.length > 0) return direct;
  const language = item.Language;
  if (isRecord(language) && typeof language.Name === 'string' && language.Name.length > 0) return language.Name;
  return undefined;
}
