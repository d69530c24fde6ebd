/**
 * Converting one served value from a property's type before a change to its type after.
 * `safe` conversions lose nothing by construction (Int to Float, a scalar to String, X to
 * [X]); `strict` ones parse (a string as a number, a boolean or a date; a Float or a decimal string that is
 * a whole number as Int; a list of at most one element as its element) and need a declared
 * `convert`; anything else never converts. Property types are the caller's (they recurse).
 */

export type ConversionKind = 'same' | 'safe' | 'strict' | 'never';

export type Converted = { ok: true; value: unknown } | { ok: false };

const SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'Date', 'DateTime']);
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** `[X]` → {element: X, list: true}. */
export function typeShape(type: string): { element: string; list: boolean } {
  const list = type.startsWith('[') && type.endsWith(']');
  return { element: list ? type.slice(1, -1) : type, list };
}

export function isScalar(type: string): boolean {
  return SCALARS.has(type);
}

/** How a value of scalar type (or list of one) `from` becomes one of `to`. */
export function conversionKind(from: string, to: string): ConversionKind {
  if (from === to) return 'same';
  const a = typeShape(from);
  const b = typeShape(to);
  if (!isScalar(a.element) || !isScalar(b.element)) return 'never';
  const element = scalarKind(a.element, b.element);
  if (a.list === b.list) return element;
  // One value to a list: wrapping it is a conversion even when the element type stays.
  if (!a.list && b.list) return element === 'same' ? 'safe' : element;
  // A list to one value: only a list of at most one element, which is a parse, not a given.
  return element === 'never' ? 'never' : 'strict';
}

function scalarKind(from: string, to: string): ConversionKind {
  if (from === to) return 'same';
  if (to === 'String' || (from === 'Int' && to === 'Float')) return 'safe';
  if (from === 'String' || (from === 'Float' && to === 'Int')) return 'strict';
  return 'never';
}

/** The value as type `to`; `{ok: false}` when it does not convert. Null stays null. */
export function convertValue(value: unknown, from: string, to: string): Converted {
  if (value === null || value === undefined) return { ok: true, value: null };
  const a = typeShape(from);
  const b = typeShape(to);
  if (a.list && b.list) return convertList(value, a.element, b.element);
  if (!a.list && b.list) {
    const one = convertScalar(value, a.element, b.element);
    return one.ok ? { ok: true, value: [one.value] } : one;
  }
  if (a.list && !b.list) {
    if (!Array.isArray(value) || value.length > 1) return { ok: false };
    return value.length === 0 ? { ok: true, value: null } : convertScalar(value[0], a.element, b.element);
  }
  return convertScalar(value, a.element, b.element);
}

function convertList(value: unknown, from: string, to: string): Converted {
  if (!Array.isArray(value)) return { ok: false };
  const out: unknown[] = [];
  for (const element of value) {
    const converted = convertScalar(element, from, to);
    if (!converted.ok) return converted;
    out.push(converted.value);
  }
  return { ok: true, value: out };
}

function convertScalar(value: unknown, from: string, to: string): Converted {
  if (value === null) return { ok: true, value: null };
  if (from === to) return { ok: true, value };
  if (to === 'String')
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? { ok: true, value: String(value) } : { ok: false };
  if (from === 'Int' && to === 'Float') return typeof value === 'number' ? { ok: true, value } : { ok: false };
  if (from === 'Float' && to === 'Int')
    return typeof value === 'number' && Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX ? { ok: true, value } : { ok: false };
  if (from !== 'String' || typeof value !== 'string') return { ok: false };
  return parseString(value, to);
}

const DECIMAL_PARTS = /^-?(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Strict: the whole string is the value, written as JSON or ISO 8601 would write it. */
function parseString(text: string, to: string): Converted {
  switch (to) {
    case 'Int': {
      const n = wholeNumber(text);
      return n !== undefined && n >= INT_MIN && n <= INT_MAX ? { ok: true, value: n } : { ok: false };
    }
    case 'Float': {
      const n = Number(text);
      return DECIMAL.test(text) && Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'Boolean':
      return text === 'true' ? { ok: true, value: true } : text === 'false' ? { ok: true, value: false } : { ok: false };
    case 'Date':
      return DATE.test(text) && realDate(text) ? { ok: true, value: text } : { ok: false };
    case 'DateTime':
      return DATE_TIME.test(text) && realDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text)) ? { ok: true, value: text } : { ok: false };
    default:
      return { ok: false };
  }
}

/**
 * A decimal whose written value is a whole number ("12", "12.0", "1.2e1"). The digits decide,
 * not the double: Number() rounds "1.0000000000000001" to 1, which would invent a value.
 */
function wholeNumber(text: string): number | undefined {
  const parts = DECIMAL_PARTS.exec(text);
  if (parts === null) return undefined;
  const [, whole = '', fraction = '', exponent = '0'] = parts;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (!/^0*$/.test(digits.slice(Math.max(point, 0)))) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n)) return undefined;
  return n === 0 ? 0 : n; // "-0.0" is 0: JSON has no negative zero
}

/** 2026-02-30 matches the pattern but is no day. */
function realDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
