import type { JsonSchema } from './item-schema.js';
import { JSON_BYTES, literalEnd, MAX_DEPTH, numberEnd, sameBytes, smallInteger, stringEnd, valueEnd, type JsonBytes } from './json-bytes.js';

/** A format check exactly as ajv runs it on a string (see ItemValidators.format). */
export type FormatCheck = (value: string) => boolean;

const STRING = 1;
const NUMBER = 2;
const INTEGER = 4;
const BOOLEAN = 8;
const NULL = 16;
const ARRAY = 32;
const OBJECT = 64;
const ANY = STRING | NUMBER | INTEGER | BOOLEAN | NULL | ARRAY | OBJECT;
const TYPES: Readonly<Record<string, number>> = {
  string: STRING,
  number: NUMBER,
  integer: INTEGER,
  boolean: BOOLEAN,
  null: NULL,
  array: ARRAY,
  object: OBJECT,
};

/** One schema of an item schema, made ready to check a value in its bytes. */
export interface CleanNode {
  /** The JSON types the value may have (bits). */
  types: number;
  format: FormatCheck | undefined;
  /** The format's answers for dates (see formatHolds), by the date's digits. */
  formatCache: Map<number, boolean>;
  minimum: number | undefined;
  maximum: number | undefined;
  items: CleanNode | undefined;
  minItems: number;
  /** Property names (UTF-8) and their schemas, in the same order. */
  keys: Uint8Array[];
  names: string[];
  children: CleanNode[];
  /** additionalProperties: false. */
  closed: boolean;
  /** Indexes into keys of the required properties. */
  required: number[];
}

/** At most this many properties per object: one bit each to find a repeated key. */
const MAX_KEYS = 30;
/** Keywords the derived item schemas use (item-schema.ts); a schema with any other gets no quick check. */
const KNOWN = new Set([
  'type',
  'title',
  'format',
  'minimum',
  'maximum',
  'items',
  'properties',
  'required',
  'minItems',
  'additionalProperties',
  '$ref',
  'definitions',
]);
const REF = /^#\/definitions\/([A-Za-z0-9_]+)$/;

/**
 * The root of an item schema as a CleanNode, or undefined when it uses anything the quick
 * check does not mirror exactly (then every line of the type is checked the full way).
 */
export function cleanSchema(root: JsonSchema, format: (name: string) => FormatCheck | undefined): CleanNode | undefined {
  const definitions = new Map<string, CleanNode>();
  let unsupported = false;
  const compile = (schema: JsonSchema, isRoot: boolean): CleanNode => {
    const node = emptyNode();
    for (const keyword of Object.keys(schema)) if (!KNOWN.has(keyword) || (keyword === 'definitions' && !isRoot)) unsupported = true;
    if (schema.$ref !== undefined) {
      const name = REF.exec(schema.$ref)?.[1];
      const target = name === undefined || Object.keys(schema).some((k) => k !== '$ref') ? undefined : definition(name);
      if (target === undefined) {
        unsupported = true;
        return node;
      }
      return target;
    }
    if (schema.type !== undefined) {
      node.types = 0;
      for (const type of Array.isArray(schema.type) ? schema.type : [schema.type]) {
        const bit = Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
        if (bit === undefined) unsupported = true;
        else node.types |= bit;
      }
    } else if (Object.keys(schema).some((k) => k !== 'title' && k !== 'definitions')) {
      // Keywords without a type apply to some types only: not mirrored.
      unsupported = true;
    }
    if (schema.format !== undefined) {
      node.format = format(schema.format);
      if (node.format === undefined) unsupported = true;
    }
    node.minimum = schema.minimum;
    node.maximum = schema.maximum;
    if (schema.items !== undefined) node.items = compile(schema.items, false);
    node.minItems = schema.minItems ?? 0;
    const properties = schema.properties ?? {};
    for (const name of Object.keys(properties)) {
      const child = properties[name];
      // __proto__ and the like behave apart in ajv's generated code: not mirrored. A name
      // with a quote, a backslash or a control character is escaped in JSON, never read here.
      if (child === undefined || name === '__proto__' || name in Object.prototype || escapedInJson(name)) unsupported = true;
      else {
        node.names.push(name);
        node.keys.push(Buffer.from(name, 'utf8'));
        node.children.push(compile(child, false));
      }
    }
    if (node.keys.length > MAX_KEYS && !isRoot) unsupported = true;
    node.closed = schema.additionalProperties === false;
    for (const name of schema.required ?? []) {
      const index = node.names.indexOf(name);
      if (index === -1) unsupported = true;
      else node.required.push(index);
    }
    return node;
  };
  const definition = (name: string): CleanNode | undefined => {
    const known = definitions.get(name);
    if (known !== undefined) return known;
    const schema = root.definitions !== undefined && Object.hasOwn(root.definitions, name) ? root.definitions[name] : undefined;
    if (schema === undefined) return undefined;
    // Registered before it is filled: a property type may refer to itself.
    const node = emptyNode();
    definitions.set(name, node);
    Object.assign(node, compile(schema, false));
    return node;
  };
  const node = compile(root, true);
  return unsupported ? undefined : node;
}

/** Whether JSON.stringify escapes something in the name: a quote, a backslash, a control character. */
function escapedInJson(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c < 0x20) return true;
  }
  return false;
}

/** A node that takes any value, filled in by cleanSchema. */
function emptyNode(): CleanNode {
  return {
    types: ANY,
    format: undefined,
    formatCache: new Map(),
    minimum: undefined,
    maximum: undefined,
    items: undefined,
    minItems: 0,
    keys: [],
    names: [],
    children: [],
    closed: false,
    required: [],
  };
}

/**
 * The value at `at` checked against `node`: the index after it when ajv would find nothing
 * wrong with it, else -1 (which may also mean "not sure": the full check decides).
 */
export function valueMatches(node: CleanNode, json: JsonBytes, at: number, end: number, depth: number): number {
  const bytes = json.bytes;
  const c = bytes[at] ?? 0;
  const types = node.types;
  if (c === JSON_BYTES.QUOTE) {
    if ((types & STRING) === 0) return -1;
    const stop = stringEnd(json, at, end);
    if (stop < 0 || (node.format !== undefined && !formatHolds(node, node.format, bytes, at + 1, stop - 1))) return -1;
    return stop;
  }
  if (c === JSON_BYTES.OPEN_BRACE) return (types & OBJECT) === 0 || depth >= MAX_DEPTH ? -1 : objectMatches(node, json, at, end, depth);
  if (c === JSON_BYTES.OPEN_BRACKET) return (types & ARRAY) === 0 || depth >= MAX_DEPTH ? -1 : arrayMatches(node, json, at, end, depth);
  if (c === 0x74 || c === 0x66) return (types & BOOLEAN) === 0 ? -1 : literalEnd(bytes, at, end);
  if (c === 0x6e) return (types & NULL) === 0 ? -1 : literalEnd(bytes, at, end);
  const stop = numberEnd(bytes, at, end);
  if (stop < 0 || (types & (NUMBER | INTEGER)) === 0) return -1;
  if ((types & NUMBER) === 0 || node.minimum !== undefined || node.maximum !== undefined) {
    // An integer is required, or the value is compared: only small integer tokens are taken.
    const value = smallInteger(bytes, at, stop);
    if (value === undefined) return -1;
    if ((node.minimum !== undefined && value < node.minimum) || (node.maximum !== undefined && value > node.maximum)) return -1;
  }
  return stop;
}

/** Dates whose answers are kept, per schema: more distinct dates than this are checked each time. */
const MAX_CACHED_DATES = 4096;

/**
 * The format check on the string bytes[from, to). A string shaped like a date
 * (dddd-dd-dd) is decided by its eight digits, so the format's answer is kept by them:
 * most items share a few thousand dates, and each is decoded and checked once.
 */
function formatHolds(node: CleanNode, format: FormatCheck, bytes: Buffer, from: number, to: number): boolean {
  const digits = to - from === 10 ? dateDigits(bytes, from) : -1;
  if (digits < 0) return format(bytes.toString('utf8', from, to));
  let holds = node.formatCache.get(digits);
  if (holds === undefined) {
    holds = format(bytes.toString('utf8', from, to));
    if (node.formatCache.size < MAX_CACHED_DATES) node.formatCache.set(digits, holds);
  }
  return holds;
}

/** yyyymmdd for the ten bytes `yyyy-mm-dd` at `at` (ASCII digits), else -1. */
function dateDigits(bytes: Uint8Array, at: number): number {
  if (bytes[at + 4] !== 0x2d || bytes[at + 7] !== 0x2d) return -1;
  let value = 0;
  for (let k = 0; k < 10; k++) {
    if (k === 4 || k === 7) continue;
    const c = (bytes[at + k] as number) - 0x30;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

function objectMatches(node: CleanNode, json: JsonBytes, at: number, end: number, depth: number): number {
  const bytes = json.bytes;
  let seen = 0;
  let i = at + 1;
  if (bytes[i] === JSON_BYTES.CLOSE_BRACE) i++;
  else {
    for (;;) {
      if (bytes[i] !== JSON_BYTES.QUOTE) return -1;
      const keyEnd = stringEnd(json, i, end);
      if (keyEnd < 0 || bytes[keyEnd] !== JSON_BYTES.COLON) return -1;
      const index = keyIndex(node, bytes, i + 1, keyEnd - 1);
      let stop: number;
      if (index >= 0) {
        // A repeated key: JSON.parse keeps the last, ajv sees only that one; left to the full check.
        if ((seen & (1 << index)) !== 0) return -1;
        seen |= 1 << index;
        stop = valueMatches(node.children[index] as CleanNode, json, keyEnd + 1, end, depth + 1);
      } else {
        if (node.closed) return -1;
        stop = valueEnd(json, keyEnd + 1, end, depth + 1);
      }
      if (stop < 0) return -1;
      const next = bytes[stop];
      i = stop + 1;
      if (next === JSON_BYTES.CLOSE_BRACE) break;
      if (next !== JSON_BYTES.COMMA) return -1;
    }
  }
  for (const index of node.required) if ((seen & (1 << index)) === 0) return -1;
  return i;
}

function arrayMatches(node: CleanNode, json: JsonBytes, at: number, end: number, depth: number): number {
  const bytes = json.bytes;
  let i = at + 1;
  let count = 0;
  if (bytes[i] === JSON_BYTES.CLOSE_BRACKET) i++;
  else {
    for (;;) {
      const stop = node.items === undefined ? valueEnd(json, i, end, depth + 1) : valueMatches(node.items, json, i, end, depth + 1);
      if (stop < 0) return -1;
      count++;
      const next = bytes[stop];
      i = stop + 1;
      if (next === JSON_BYTES.CLOSE_BRACKET) break;
      if (next !== JSON_BYTES.COMMA) return -1;
    }
  }
  return count < node.minItems ? -1 : i;
}

/** Which of the node's properties bytes[from, to) names, or -1. */
export function keyIndex(node: CleanNode, bytes: Uint8Array, from: number, to: number): number {
  const keys = node.keys;
  for (let k = 0; k < keys.length; k++) if (sameBytes(bytes, from, to, keys[k] as Uint8Array)) return k;
  return -1;
}
