import type { SourceDefinition } from '../../model/types.js';
import { ownValue } from '../../model/own.js';
import type { WireNames } from '../wire-names.js';
import { cleanSchema, keyIndex, valueMatches, type CleanNode } from './clean-schema.js';
import { ancestorsOf, wireNamesOf } from './item-schema.js';
import { wireGroups, wireOnlyInside } from './clean-wire.js';
import type { ItemValidators } from './item-validators.js';
import { JSON_BYTES, sameBytes, stringEnd, valueEnd, type JsonBytes } from './json-bytes.js';

/** A type's schema made ready for the quick check, with where its rule-bearing fields are. */
interface CleanType {
  /** The content type's name. */
  name: string;
  root: CleanNode;
  /** Where ContentType, Language and Status are among the root's properties. */
  contentType: number;
  /** The ContentType value (its JSON) this was made ready for. */
  contentTypeBytes: Uint8Array;
  language: number;
  status: number;
  /** The property found at each position of the last line of this type: usually where the next line has it too. */
  order: Int32Array;
  /** Per property, the line (a counter) that last had it: a second one in the same line is a repeated key. */
  seenIn: Float64Array;
  /** Per key, the key of its property that seenIn goes by: a property's plain and wire names share one, so a line with both is not clean. */
  group: Int32Array;
  /** 1 for a key that is a property's plain name where its wire name differs: the line is clean but must be renamed before it is sent. */
  renamed: Uint8Array;
}

/** What the quick check says of a line: not clean (check it the full way), clean in the wire form, or clean under plain names that push renames. */
export type CleanVerdict = 'no' | 'wire' | 'rename';

/** Top-level fields read per line at most; a line with more is checked the full way. */
const MAX_FIELDS = 256;
/** Distinct ContentType values remembered. */
const MAX_CONTENT_TYPES = 64;
const CLEAN = 0;
const NOT_CLEAN = 1;
const OTHER_TYPE = 2;
const CLEAN_RENAMED = 3;
const CONTENT_TYPE = Buffer.from('ContentType');
const NAME = Buffer.from('Name');
/** The Status values checkRecord passes without a word (KNOWN_STATUSES), as JSON. */
const PUBLISHED = Buffer.from('"Published"');
const DRAFT = Buffer.from('"Draft"');

/**
 * The quick check of a wire-form data line: straight from its bytes, it says whether the
 * full check (JSON.parse, the line rules of NdjsonState, checkRecord with its ajv schema)
 * would find nothing at all to say about the line: no error, no warning. Only then is the
 * line taken as it is; for anything else, or anything it does not read exactly as the
 * full check does, it answers false and the line is read the full way, which gives the
 * diagnostics. It reads only the strict form graphform and most generators write:
 * minified, strings without escapes or control characters, declared fields only, a
 * ContentType that names the type fully, a Status of Published or Draft.
 *
 * Most of a push's lines pass, and a line checked this way costs about a third of one
 * parsed: no string is decoded (but the few whose values a rule reads) and no value built.
 */
export class CleanLines {
  private readonly roots = new Map<string, CleanNode | undefined>();
  /** By the JSON of a ContentType value (as latin1 text), the type it names, or undefined when it is not one to take. */
  private readonly byContentType = new Map<string, CleanType | undefined>();
  private readonly languages = new Map<string, Buffer | undefined>();
  private readonly declared: Set<string>;
  private readonly wire: WireNames;
  private readonly fieldFrom = new Int32Array(MAX_FIELDS * 4);
  private lineCount = 0;
  /** The type of the last line whose type was found. */
  private lastType: CleanType | undefined;

  constructor(
    private readonly definition: SourceDefinition,
    private readonly validators: ItemValidators,
  ) {
    this.declared = new Set(Object.keys(definition.contentTypes));
    this.wire = wireNamesOf(definition);
  }

  /** The content type of the line accepts() last took ('wire' or 'rename'). */
  get lastTypeName(): string | undefined {
    return this.lastType?.name;
  }

  /** What the check of the data line bytes[start, end) of an index action for `language` would say: nothing ('wire', 'rename') or something ('no'). */
  accepts(json: JsonBytes, start: number, end: number, language: string): CleanVerdict {
    const languageBytes = this.languageBytes(language);
    if (languageBytes === undefined || json.bytes[start] !== JSON_BYTES.OPEN_BRACE || json.bytes[end - 1] !== JSON_BYTES.CLOSE_BRACE) return 'no';
    // Lines mostly have the type of the line before: read once against its schema, and
    // only when the ContentType differs, find the line's own type first and read again.
    const last = this.lastType;
    const outcome = last === undefined ? OTHER_TYPE : this.read(last, json, start, end, languageBytes);
    if (outcome !== OTHER_TYPE) return verdict(outcome);
    const fields = this.readFields(json, start, end);
    const type = fields < 0 ? undefined : this.typeOf(json, fields);
    return type === undefined ? 'no' : verdict(this.read(type, json, start, end, languageBytes));
  }

  /**
   * Reads the line's fields against the type's schema and rules: CLEAN, NOT_CLEAN, or
   * OTHER_TYPE when its ContentType is not the one the type was made ready for (or a
   * problem came before the ContentType was seen, which may be the type's fault).
   */
  private read(type: CleanType, json: JsonBytes, start: number, end: number, languageBytes: Buffer): number {
    const { bytes } = json;
    const { root, order, seenIn, group, renamed } = type;
    const line = ++this.lineCount;
    let typeSeen = false;
    let renames = false;
    let i = start + 1;
    if (bytes[i] === JSON_BYTES.CLOSE_BRACE) return NOT_CLEAN;
    for (let f = 0; ; f++) {
      if (bytes[i] !== JSON_BYTES.QUOTE) return failed(typeSeen);
      // The key the same position had in the line before, compared in place; else found by reading it.
      const guess = f < MAX_FIELDS ? (order[f] as number) : -1;
      const guessed = guess < 0 ? undefined : (root.keys[guess] as Uint8Array);
      let index: number;
      let keyEnd: number;
      if (guessed !== undefined && bytes[i + 1 + guessed.length] === JSON_BYTES.QUOTE && sameBytes(bytes, i + 1, i + 1 + guessed.length, guessed)) {
        index = guess;
        keyEnd = i + 2 + guessed.length;
      } else {
        keyEnd = stringEnd(json, i, end);
        if (keyEnd < 0) return failed(typeSeen);
        index = keyIndex(root, bytes, i + 1, keyEnd - 1);
        if (f < MAX_FIELDS) order[f] = index;
      }
      // An undeclared field is a warning; a repeated one, JSON.parse's last value: both for the full check.
      if (index < 0) return failed(typeSeen);
      const slot = group[index] as number;
      if (seenIn[slot] === line || bytes[keyEnd] !== JSON_BYTES.COLON) return failed(typeSeen);
      seenIn[slot] = line;
      if (renamed[index] === 1) renames = true;
      const valueFrom = keyEnd + 1;
      const valueTo = valueMatches(root.children[index] as CleanNode, json, valueFrom, end, 1);
      if (valueTo < 0) return failed(typeSeen);
      if (index === type.contentType) {
        if (typeSeen || !sameBytes(bytes, valueFrom, valueTo, type.contentTypeBytes)) return OTHER_TYPE;
        typeSeen = true;
      } else if (index === type.language) {
        if (!languageMatches(json, valueFrom, valueTo, languageBytes)) return failed(typeSeen);
      } else if (index === type.status && !sameBytes(bytes, valueFrom, valueTo, PUBLISHED) && !sameBytes(bytes, valueFrom, valueTo, DRAFT))
        return failed(typeSeen);
      const next = bytes[valueTo];
      i = valueTo + 1;
      if (next === JSON_BYTES.CLOSE_BRACE) break;
      if (next !== JSON_BYTES.COMMA) return failed(typeSeen);
    }
    if (i !== end) return failed(typeSeen);
    for (const index of root.required) if (seenIn[group[index] as number] !== line) return failed(typeSeen);
    return !typeSeen ? OTHER_TYPE : renames ? CLEAN_RENAMED : CLEAN;
  }

  /**
   * The language as UTF-8 when it is one of the source's (else an error, for the full
   * check) and UTF-8 holds it exactly (no lone surrogate), so bytes compare as strings do.
   */
  private languageBytes(language: string): Buffer | undefined {
    if (!this.languages.has(language)) {
      const encoded = Buffer.from(language, 'utf8');
      this.languages.set(language, this.definition.languages.includes(language) && encoded.toString('utf8') === language ? encoded : undefined);
    }
    return this.languages.get(language);
  }

  /** Finds each top-level field's key and value; their count, or -1 when the line is not a minified object. */
  private readFields(json: JsonBytes, start: number, end: number): number {
    const { bytes } = json;
    const at = this.fieldFrom;
    if (bytes[start] !== JSON_BYTES.OPEN_BRACE || bytes[end - 1] !== JSON_BYTES.CLOSE_BRACE) return -1;
    let i = start + 1;
    let fields = 0;
    if (bytes[i] === JSON_BYTES.CLOSE_BRACE) return i + 1 === end ? 0 : -1;
    for (;;) {
      if (fields === MAX_FIELDS || bytes[i] !== JSON_BYTES.QUOTE) return -1;
      const keyEnd = stringEnd(json, i, end);
      if (keyEnd < 0 || bytes[keyEnd] !== JSON_BYTES.COLON) return -1;
      const valueTo = valueEnd(json, keyEnd + 1, end, 1);
      if (valueTo < 0) return -1;
      at[fields * 4] = i + 1;
      at[fields * 4 + 1] = keyEnd - 1;
      at[fields * 4 + 2] = keyEnd + 1;
      at[fields * 4 + 3] = valueTo;
      fields++;
      const next = bytes[valueTo];
      i = valueTo + 1;
      if (next === JSON_BYTES.CLOSE_BRACE) return i === end ? fields : -1;
      if (next !== JSON_BYTES.COMMA) return -1;
    }
  }

  /** The type the line's ContentType names without a word from checkRecord, made ready; undefined otherwise. */
  private typeOf(json: JsonBytes, fields: number): CleanType | undefined {
    const { bytes } = json;
    const at = this.fieldFrom;
    let from = -1;
    let to = -1;
    for (let f = 0; f < fields; f++) {
      if (!sameBytes(bytes, at[f * 4] as number, at[f * 4 + 1] as number, CONTENT_TYPE)) continue;
      // Repeated: left to the full check.
      if (from >= 0) return undefined;
      from = at[f * 4 + 2] as number;
      to = at[f * 4 + 3] as number;
    }
    if (from < 0) return undefined;
    const key = bytes.toString('latin1', from, to);
    let type = this.byContentType.get(key);
    if (type === undefined && !this.byContentType.has(key)) {
      const typeName = this.mostDerived(json, from, to);
      type = typeName === undefined ? undefined : this.prepared(typeName, Uint8Array.prototype.slice.call(bytes, from, to));
      // A few distinct ContentType values per push: remembered, the rejected ones too.
      if (this.byContentType.size < MAX_CONTENT_TYPES) this.byContentType.set(key, type);
    }
    if (type !== undefined) this.lastType = type;
    return type;
  }

  /**
   * ContentType as checkRecord's mostDerivedType reads it, when it says nothing: a
   * non-empty list of declared names, the last concrete, its bases all listed. The last name.
   */
  private mostDerived(json: JsonBytes, from: number, to: number): string | undefined {
    const { bytes } = json;
    if (bytes[from] !== JSON_BYTES.OPEN_BRACKET || bytes[from + 1] === JSON_BYTES.CLOSE_BRACKET) return undefined;
    const names: string[] = [];
    for (let i = from + 1; ;) {
      if (bytes[i] !== JSON_BYTES.QUOTE) return undefined;
      const stop = stringEnd(json, i, to);
      if (stop < 0) return undefined;
      const name = bytes.toString('utf8', i + 1, stop - 1);
      if (!this.declared.has(name)) return undefined;
      names.push(name);
      if (bytes[stop] === JSON_BYTES.CLOSE_BRACKET) break;
      if (bytes[stop] !== JSON_BYTES.COMMA) return undefined;
      i = stop + 1;
    }
    const last = names[names.length - 1] ?? '';
    if (ownValue(this.definition.contentTypes, last)?.abstract === true) return undefined;
    if (!ancestorsOf(this.definition, last).every((base) => names.includes(base))) return undefined;
    return last;
  }

  /** The type made ready for lines whose ContentType is `contentTypeBytes`; undefined when its schema is not mirrored. */
  private prepared(typeName: string, contentTypeBytes: Uint8Array): CleanType | undefined {
    let root = this.roots.get(typeName);
    if (!this.roots.has(typeName)) {
      // The very schema the full check compiles (nested values in the wire form only), and ajv's own format checks.
      root = cleanSchema(wireOnlyInside(this.validators.schema(typeName), this.wire), (name) => this.validators.format(name));
      this.roots.set(typeName, root);
    }
    if (root === undefined) return undefined;
    const index = (name: string): number => root.names.indexOf(name);
    const { group, renamed } = wireGroups(root.names, this.wire.contentType(typeName));
    return {
      name: typeName,
      root,
      contentType: index('ContentType'),
      contentTypeBytes,
      language: index('Language'),
      status: index('Status'),
      order: new Int32Array(MAX_FIELDS).fill(-1),
      seenIn: new Float64Array(root.keys.length),
      group,
      renamed,
    };
  }
}

function verdict(outcome: number): CleanVerdict {
  return outcome === CLEAN ? 'wire' : outcome === CLEAN_RENAMED ? 'rename' : 'no';
}

function failed(typeSeen: boolean): number {
  return typeSeen ? NOT_CLEAN : OTHER_TYPE;
}

/** checkItem's rule: Language.Name, when it is there, is the action's language. */
function languageMatches(json: JsonBytes, from: number, to: number, language: Buffer): boolean {
  const { bytes } = json;
  if (bytes[from] !== JSON_BYTES.OPEN_BRACE) return false;
  if (bytes[from + 1] === JSON_BYTES.CLOSE_BRACE) return true;
  for (let i = from + 1; ;) {
    const keyEnd = stringEnd(json, i, to);
    const valueTo = valueEnd(json, keyEnd + 1, to, 2);
    if (keyEnd < 0 || valueTo < 0) return false;
    // The value was checked against the Language schema already: Name, when there, is a string, and only once.
    if (sameBytes(bytes, i + 1, keyEnd - 1, NAME)) return bytes[keyEnd + 1] === JSON_BYTES.QUOTE && sameBytes(bytes, keyEnd + 2, valueTo - 1, language);
    if (bytes[valueTo] !== JSON_BYTES.COMMA) return true;
    i = valueTo + 1;
  }
}
