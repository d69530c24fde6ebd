import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { DATA_CODES } from '../codes.js';
import type { DataAction } from '../types.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import { dataIssue } from './issue.js';
import { idText } from './json-values.js';
import { isRecord } from '../../model/is-record.js';

const ACTION_KEYS = new Set(['index', 'delete', 'create', 'update']);

/** A line that looks like a bulk action: one key, an action verb, holding an object. */
export function isActionShape(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  // Every data line comes through here: most have none of the verbs, and are told apart
  // without listing their keys (a parsed JSON value is never undefined; an inherited verb
  // still goes through the exact check below).
  if (value.index === undefined && value.delete === undefined && value.create === undefined && value.update === undefined) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && ACTION_KEYS.has(keys[0] ?? '') && isRecord(value[keys[0] ?? '']);
}

/** For a line that is not JSON: did the user mean an action line? Keeps one typo from cascading. */
export function looksLikeActionText(text: string): boolean {
  return /^\s*\{\s*"(index|delete|create|update)"\s*:/.test(text);
}

export type ParsedAction = { ok: true; action: DataAction } | { ok: false; issue: Diagnostic; kind: 'index' | 'delete' | 'other' };

/** Reads `{"index":{"_id":…,"language_routing":…}}` or `{"delete":{…}}`. */
export function parseActionLine(value: Record<string, unknown>, file: string, line: number): ParsedAction {
  const verb = Object.keys(value)[0] ?? '';
  const body = value[verb];
  if ((verb !== 'index' && verb !== 'delete') || !isRecord(body)) {
    return {
      ok: false,
      kind: 'other',
      issue: dataIssue(
        DATA_CODES.invalidAction,
        file,
        line,
        `Action "${excerpt(verb)}" is not supported: use "index" (followed by its data line) or "delete".`,
      ),
    };
  }
  const id = idText(body._id);
  if (id === undefined) {
    return {
      ok: false,
      kind: verb,
      issue: dataIssue(DATA_CODES.actionMissingId, file, line, `The ${verb} action has no "_id" (a non-empty string or a number).`, '/_id'),
    };
  }
  const language = body.language_routing;
  if (typeof language !== 'string' || language.length === 0) {
    return {
      ok: false,
      kind: verb,
      issue: dataIssue(
        DATA_CODES.actionMissingLanguage,
        file,
        line,
        `The ${verb} action for _id "${excerpt(id)}" has no "language_routing" (the item's language code).`,
        '/language_routing',
      ),
    };
  }
  return { ok: true, action: { kind: verb, id, language } };
}
