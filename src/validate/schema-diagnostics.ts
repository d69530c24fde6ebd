import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { closestMatch } from '../diagnostics/suggest.js';
import type { ParsedDeclarationFile } from '../load/parse.js';
import type { DeclarationPath } from '../load/source-map.js';
import type { DeclarationCode } from './codes.js';
import { describeSubject, describeValue, shorten } from './describe.js';
import { diagnosticAt } from './rule.js';
import { asRecord } from './source-view.js';
import { quotedAsWritten, writtenScalar } from './written-text.js';

type SchemaNode = Record<string, unknown> | undefined;

interface Finding {
  code: DeclarationCode;
  path: DeclarationPath;
  where: 'key' | 'value';
  message: string;
}

/**
 * ajv's errors for one file as diagnostics in the user's words, at the offending key or
 * value. `byRules` are the errors a semantic rule reports with its own code: the caller
 * shows them only when no rule reported an error for the file, so a file the schema refuses
 * is never left without one (it would otherwise count as not declared).
 */
export function schemaDiagnostics(errors: readonly ErrorObject[], parsed: ParsedDeclarationFile): { diagnostics: Diagnostic[]; byRules: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byRules: Diagnostic[] = [];
  for (const error of errors) {
    const path = toPath(error.instancePath, parsed.value);
    const owned = ownedByRules(error, path);
    // propertyNames comes with a copy per name that carries the name: that copy is the one to show.
    if (owned && error.keyword === 'propertyNames') continue;
    const finding = owned && error.propertyName !== undefined ? invalidName(error.propertyName, path, error) : translate(error, path, parsed);
    (owned ? byRules : diagnostics).push(
      diagnosticAt({ sourceMap: parsed.sourceMap, path: finding.path, where: finding.where }, finding.code, finding.message),
    );
  }
  return { diagnostics, byRules };
}

function invalidName(name: string, path: DeclarationPath, error: ErrorObject): Finding {
  const pattern = asRecord(error.parentSchema)?.pattern;
  const form = typeof pattern === 'string' ? ` (it must match ${pattern})` : '';
  return { code: 'GF_INVALID_NAME', path: [...path, name], where: 'key', message: `key \`${name}\` in ${describeSubject(path)} is not valid${form}` };
}

/**
 * The schema carries id and name constraints for editors; the semantic rules report them
 * with their own codes (GF_ID_*, GF_INVALID_NAME), so ajv's copies are dropped here.
 */
function ownedByRules(error: ErrorObject, path: DeclarationPath): boolean {
  if (error.keyword === 'propertyNames' || error.propertyName !== undefined) return true;
  if (path.length === 1 && path[0] === 'id' && error.keyword !== 'type') return true;
  return error.keyword === 'required' && path.length === 0 && error.params.missingProperty === 'id';
}

function translate(error: ErrorObject, path: DeclarationPath, parsed: ParsedDeclarationFile): Finding {
  const subject = describeSubject(path);
  const schema = asRecord(error.parentSchema);
  const params = error.params as Record<string, unknown>;
  const data: unknown = error.data;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys(asRecord(schema?.properties) ?? {});
      return { code: 'GF_UNKNOWN_KEY', path: [...path, key], where: 'key', message: unknownKeyMessage(key, subject, allowed, asRecord(data)?.[key]) };
    }
    case 'type': {
      const hint = typeHint(schema, data, writtenScalar(parsed, path), path);
      return { code: 'GF_INVALID_TYPE', path, where: 'value', message: `${subject}: expected ${expected(schema)}, got ${describeValue(data)}${hint}` };
    }
    case 'required': {
      const field = String(params.missingProperty);
      const about = asRecord(asRecord(schema?.properties)?.[field])?.description;
      const help = typeof about === 'string' ? ` (${about.replace(/\.$/, '')})` : '';
      return { code: 'GF_MISSING_FIELD', path, where: 'key', message: `${subject} is missing the required field \`${field}\`${help}` };
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map((v) => `\`${String(v)}\``).join(', ') : '';
      return { code: 'GF_INVALID_VALUE', path, where: 'value', message: `${subject} must be one of ${allowed}, got ${describeValue(data)}` };
    }
    case 'minItems':
    case 'minLength':
      return { code: 'GF_INVALID_VALUE', path, where: 'value', message: `${subject} must not be empty${about(schema)}` };
    case 'pattern':
      return { code: 'GF_INVALID_VALUE', path, where: 'value', message: `${subject} is not valid: got ${describeValue(data)}${expectedForm(schema)}` };
    case 'uniqueItems': {
      const [first, repeat] = [Number(params.i), Number(params.j)].sort((a, b) => a - b) as [number, number];
      const item = Array.isArray(data) ? data[repeat] : undefined;
      const shown = typeof item === 'string' ? `\`${shorten(item)}\`` : `item ${repeat}`;
      return {
        code: 'GF_DUPLICATE_ITEM',
        path: [...path, repeat],
        where: 'value',
        message: `${subject} lists ${shown} more than once (items ${first} and ${repeat}); list each value once`,
      };
    }
    default:
      return { code: 'GF_INVALID_VALUE', path, where: 'value', message: `${subject} ${error.message ?? 'is not valid'}` };
  }
}

function unknownKeyMessage(key: string, subject: string, allowed: readonly string[], value: unknown): string {
  const start = `unknown key \`${key}\` in ${subject}`;
  // A property written straight under a content type instead of under `properties:`.
  if (allowed.includes('properties') && asRecord(value)?.type !== undefined) {
    return `${start}; properties go under \`properties:\` (allowed keys here: ${allowed.join(', ')})`;
  }
  const suggestion = closestMatch(key, allowed);
  if (suggestion !== undefined) return `${start}; did you mean \`${suggestion}\`?`;
  return `${start}; allowed keys: ${allowed.join(', ')}`;
}

function expected(schema: SchemaNode): string {
  const type = schema?.type;
  if (type === 'string') return 'a string';
  if (type === 'boolean') return 'true or false';
  if (type === 'object') return 'a map (key: value pairs)';
  if (type === 'array') return asRecord(schema?.items)?.type === 'string' ? 'an array of strings' : 'an array';
  return String(type);
}

/** `written` is the value's text in the file: YAML reads `0012` as 12, and the hint shows what the user wrote. */
function typeHint(schema: SchemaNode, data: unknown, written: string | undefined, path: DeclarationPath): string {
  const type = schema?.type;
  const scalar = typeof data === 'string' || typeof data === 'number' || typeof data === 'boolean';
  if (type === 'array' && scalar) return `; write it as a list: [${written ?? String(data)}]`;
  if (type === 'array' && data === null && schema?.minItems === undefined) return '; write [] for an empty list';
  if (type === 'object' && data === null) return '; write {} for none';
  if (type === 'string' && (typeof data === 'number' || typeof data === 'boolean')) return `; quote it: ${quotedAsWritten(written ?? String(data), path)}`;
  if (type === 'boolean' && typeof data === 'string') return '; write true or false without quotes';
  return '';
}

function about(schema: SchemaNode): string {
  const description = schema?.description;
  return typeof description === 'string' ? ` (${description.replace(/\.$/, '')})` : '';
}

function expectedForm(schema: SchemaNode): string {
  const description = schema?.description;
  if (typeof description !== 'string') return '';
  return `; expected ${description.charAt(0).toLowerCase()}${description.slice(1).replace(/\.$/, '')}`;
}

/** ajv's JSON pointer as a declaration path; list indexes become numbers. */
function toPath(pointer: string, value: unknown): DeclarationPath {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let current: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      const index = Number(segment);
      path.push(index);
      current = current[index];
    } else {
      path.push(segment);
      current = asRecord(current)?.[segment];
    }
  }
  return path;
}
