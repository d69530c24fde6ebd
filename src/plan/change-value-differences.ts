import { pathSegments, type Change } from '../diff/change.js';
import { canonicalJson } from '../model/canonical.js';
import { isRecord } from '../model/is-record.js';

/** Longest value shown in a difference; a whole content type would drown the message. */
const VALUE_CHARS = 80;

/**
 * How the values of two lists of changes differ where their words do not: a change's
 * description names what changes, not always to what ("adding property Weather.Zip"), so
 * a plan file made when Zip was a String reads like one made now that it is an Int. Each
 * difference says what the plan file holds and what a plan made now holds, field by field
 * ("Weather.Zip: String in the plan file, Int now"). Changes pair up by kind and path.
 */
export function changeValueDifferences(saved: readonly Change[], now: readonly Change[]): string[] {
  const current = new Map(now.map((c) => [`${c.kind} ${c.path}`, c]));
  return saved.flatMap((was) => {
    const is = current.get(`${was.kind} ${was.path}`);
    if (is === undefined || canonicalJson(was) === canonicalJson(is)) return [];
    const side = canonicalJson(was.after) === canonicalJson(is.after) ? 'before' : 'after';
    return valueDifferences(subject(was.path), was[side], is[side]);
  });
}

function valueDifferences(what: string, saved: unknown, now: unknown): string[] {
  if (!isRecord(saved) || !isRecord(now)) return [`${what}: ${shown(saved)} in the plan file, ${shown(now)} now`];
  const keys = [...new Set([...Object.keys(saved), ...Object.keys(now)])].sort();
  return keys
    .filter((key) => canonicalJson(saved[key] ?? null) !== canonicalJson(now[key] ?? null))
    .map((key) => `${key === 'type' ? what : `${what} ${key}`}: ${shown(saved[key])} in the plan file, ${shown(now[key])} now`);
}

/** `Weather.Zip` for a property, `Weather` for a content type, the field's path otherwise. */
function subject(path: string): string {
  const segments = pathSegments(path);
  if (segments[0] === 'contentTypes' && segments[2] === 'properties') return [segments[1], segments[3], ...segments.slice(4)].join('.');
  if (segments[0] === 'contentTypes' || segments[0] === 'propertyTypes' || segments[0] === 'links') return segments.slice(1).join('.');
  return path === '' ? 'the source' : path;
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return 'absent';
  const text = typeof value === 'string' ? value : canonicalJson(value);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}
