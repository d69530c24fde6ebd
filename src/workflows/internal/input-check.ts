import { GraphformError } from '../../diagnostics/errors.js';
import { didYouMean } from '../../diagnostics/suggest.js';
import { isRecord } from '../../model/is-record.js';

/**
 * What one option of a workflow's input may hold. A script in plain JavaScript has no
 * compiler to check its call, so the package checks it: a wrong value is refused by name
 * before any work, instead of failing deep inside (a TypeError) or being read as something
 * else (a string walked as an array of files).
 */
export type OptionKind =
  | { type: 'string'; what: string }
  | { type: 'strings'; what: string }
  | { type: 'boolean' }
  | { type: 'count'; max?: number }
  | { type: 'milliseconds' }
  | { type: 'function' }
  | { type: 'object'; what: string }
  | { type: 'oneOf'; values: readonly string[] }
  | { type: 'documents' };

/** Every option an input type documents, each with its kind; `required` names those it must have. */
export interface InputSpec<I> {
  readonly options: { readonly [K in keyof Required<I>]: OptionKind };
  readonly required?: readonly (keyof I & string)[];
  /** A rule across options, once each one is known to be well formed: the error, or undefined. */
  readonly rule?: (input: I, name: string) => GraphformError | undefined;
}

/** `got …` in the errors: what the caller passed, short. */
export function described(value: unknown): string {
  if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'function' ? 'a function' : 'an object';
}

const isWhole = (value: unknown, min: number): boolean => typeof value === 'number' && Number.isInteger(value) && value >= min;

/** What a value of the kind is, in words; and whether `value` is one. */
function expectation(kind: OptionKind): { words: string; accepts(value: unknown): boolean } {
  switch (kind.type) {
    case 'string':
      return { words: `${kind.what} (a string)`, accepts: (v) => typeof v === 'string' };
    case 'strings':
      return { words: `an array of ${kind.what} (strings)`, accepts: (v) => Array.isArray(v) && v.every((e) => typeof e === 'string') };
    case 'boolean':
      return { words: 'true or false', accepts: (v) => typeof v === 'boolean' };
    case 'count':
      return kind.max === undefined
        ? { words: 'a whole number of at least 1', accepts: (v) => isWhole(v, 1) }
        : { words: `a whole number from 1 to ${kind.max}`, accepts: (v) => isWhole(v, 1) && (v as number) <= (kind.max as number) };
    case 'milliseconds':
      return { words: 'a whole number of milliseconds (0 or more)', accepts: (v) => isWhole(v, 0) };
    case 'function':
      return { words: 'a function', accepts: (v) => typeof v === 'function' };
    case 'object':
      return { words: kind.what, accepts: isRecord };
    case 'oneOf':
      return { words: kind.values.map((v) => JSON.stringify(v)).join(' or '), accepts: (v) => typeof v === 'string' && kind.values.includes(v) };
    case 'documents':
      return {
        words: 'an array of glob patterns (strings, or patterns with their place)',
        accepts: (v) => Array.isArray(v) && v.every((e) => typeof e === 'string' || (isRecord(e) && typeof e.pattern === 'string')),
      };
  }
}

const usage = (text: string, hint?: string): GraphformError => new GraphformError('GF_USAGE', text, hint === undefined ? {} : { hint });

/** The keys every WorkflowHost has, with what each holds: enough to tell a host from anything else. */
const HOST_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['cwd', 'string'],
  ['variables', 'object'],
  ['now', 'function'],
  ['report', 'function'],
  ['holder', 'object'],
];
const isHost = (value: unknown): boolean => isRecord(value) && HOST_KEYS.every(([key, type]) => typeof value[key] === type);

/**
 * Refuses a call whose host or input is not what `name` takes: GF_USAGE, naming the function,
 * the option and what it must hold. Unknown options are refused too (with the nearest known
 * one), as a misspelt `allowDataloss` would otherwise quietly change what the call does.
 */
export function checkCall<I>(name: string, spec: InputSpec<I>, input: unknown, host: unknown): void {
  const call = `${name}(input, nodeHost())`;
  if (!isHost(host)) {
    const swapped = isHost(input) ? '; the first argument is a host: the input comes first' : '';
    throw usage(
      `${name}: the second argument must be a host from nodeHost(), got ${described(host)}${swapped}.`,
      `Call ${call}; {} as the input takes every default.`,
    );
  }
  if (!isRecord(input)) throw usage(`${name}: the first argument must be an input object, got ${described(input)}.`, `Call ${call}; {} takes every default.`);
  const known = Object.keys(spec.options);
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(spec.options, key)) {
      throw usage(`${name}: input.${key} is not an option of ${name}${didYouMean(key, known)}`, `Its options: ${known.join(', ')}.`);
    }
  }
  for (const key of spec.required ?? []) {
    if (input[key] === undefined) {
      throw usage(`${name}: input.${key} must be ${expectation(spec.options[key]).words}, got undefined.`);
    }
  }
  for (const [key, kind] of Object.entries<OptionKind>(spec.options)) {
    const value = input[key];
    const expected = expectation(kind);
    if (value !== undefined && !expected.accepts(value)) throw usage(`${name}: input.${key} must be ${expected.words}, got ${described(value)}.`);
  }
  const broken = spec.rule?.(input as I, name);
  if (broken !== undefined) throw broken;
}
