import { excerpt } from '../../diagnostics/excerpt.js';
import { parseWireName, type ParsedWireName, type WireField, type WireNames, type WireTable } from '../wire-names.js';
import { DATA_CODES } from '../codes.js';
import type { MovedField, MovedFields } from './moved-fields.js';
import { problem, type ValueProblem } from './value-problems.js';

/** Where one object's keys are checked: its declared fields, and the names a move took from its type. */
interface ObjectScope {
  owner: string;
  table: WireTable;
  movedAway: (name: string) => MovedField | undefined;
}

/**
 * The wire-name rules of one item (data/wire-names.ts): a declared property may be written
 * under its plain or its wire name, not under a wrong or contradictory one (`Name___skip`
 * for a searchable Name, `Quantity___searchable` for one that is not: the service would
 * store it as another field), and not under both in one object (two fields for one value).
 * A name a declared move took away (`moved:`) is wrong too: the value would be stored under
 * it and never served. Nested property type values are read the same way. Returns the
 * problems, and the JSON pointers of the wrong keys: the schema check calls those
 * undeclared, which this replaces.
 */
export function wireNameProblems(
  item: Record<string, unknown>,
  typeName: string,
  names: WireNames,
  moved?: MovedFields,
): { problems: ValueProblem[]; wrongPaths: Set<string> } {
  const problems: ValueProblem[] = [];
  const wrongPaths = new Set<string>();
  const table = names.contentType(typeName);
  const walk = new Walk(names, moved, problems, wrongPaths);
  if (table !== undefined) walk.object(item, { owner: typeName, table, movedAway: (name) => moved?.contentTypeField(typeName, name) }, '');
  return { problems, wrongPaths };
}

class Walk {
  constructor(
    private readonly names: WireNames,
    private readonly moved: MovedFields | undefined,
    private readonly problems: ValueProblem[],
    private readonly wrongPaths: Set<string>,
  ) {}

  object(value: Record<string, unknown>, scope: ObjectScope, path: string): void {
    const { problems, wrongPaths } = this;
    const seen = new Map<string, string>();
    for (const key of Object.keys(value)) {
      const reading = readKey(scope.table, key);
      const at = `${path}/${pointerSegment(key)}`;
      if (reading.kind === 'unknown') {
        this.movedKey(key, scope, at);
        continue;
      }
      const { field } = reading;
      if (reading.kind === 'wrong') {
        wrongPaths.add(at);
        const accepted = field.wire === field.name ? `\`${field.name}\`` : `\`${field.name}\` or \`${field.wire}\``;
        problems.push(
          problem(
            DATA_CODES.wrongFieldName,
            at,
            `"${excerpt(key)}" is not a name of ${scope.owner}'s property ${field.name}: ` +
              `as declared it is sent as "${field.wire}", and the service would store this one as another field; did you mean ${accepted}?`,
          ),
        );
        continue;
      }
      const earlier = seen.get(field.name);
      if (earlier !== undefined) {
        problems.push(
          problem(
            DATA_CODES.fieldNamedTwice,
            at,
            `Property ${field.name} is given twice, as "${excerpt(earlier)}" and as "${excerpt(key)}": both are sent as "${field.wire}"; keep one.`,
          ),
        );
        continue;
      }
      seen.set(field.name, key);
      if (field.nested !== undefined) this.nested(value[key], field.nested, at);
    }
  }

  /** A key no field declares, under a name (plain or wire) that a declared move took away. */
  private movedKey(key: string, scope: ObjectScope, at: string): void {
    const found = scope.movedAway(key) ?? scope.movedAway(parseWireName(key).name);
    if (found === undefined) return;
    this.wrongPaths.add(at);
    const { entry } = found;
    this.problems.push(
      problem(
        DATA_CODES.movedField,
        at,
        `"${excerpt(key)}" names ${scope.owner}'s property ${found.from}, which the declaration moves to ${found.to} (moved: ${entry.from} to ${entry.to}): ` +
          `pushed under its old name, the value would be stored where nothing serves it. Rename the field to "${found.to}" in the data file.`,
      ),
    );
  }

  private nested(value: unknown, propertyType: string, path: string): void {
    const table = this.names.propertyType(propertyType);
    if (table === undefined) return;
    const scope: ObjectScope = { owner: propertyType, table, movedAway: (name) => this.moved?.propertyTypeField(propertyType, name) };
    if (Array.isArray(value)) {
      value.forEach((element, index) => {
        if (isObject(element)) this.object(element, scope, `${path}/${index}`);
      });
    } else if (isObject(value)) this.object(value, scope, path);
  }
}

function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How a key of a data line stands to the declared fields of its object: one of them under
 * its plain or its wire name, one of them under a wrong or contradictory wire name (with
 * the name to use), or none of them.
 */
export type KeyReading = { kind: 'plain' | 'wire'; field: WireField } | { kind: 'wrong'; field: WireField; parsed: ParsedWireName } | { kind: 'unknown' };

export function readKey(table: WireTable, key: string): KeyReading {
  const wire = table.byWire.get(key);
  if (wire !== undefined) return { kind: 'wire', field: wire };
  const plain = table.byPlain.get(key);
  if (plain !== undefined) return { kind: 'plain', field: plain };
  const parsed = parseWireName(key);
  if (parsed.suffix === undefined && parsed.typeTag === undefined) return { kind: 'unknown' };
  const field = table.byPlain.get(parsed.name);
  return field === undefined ? { kind: 'unknown' } : { kind: 'wrong', field, parsed };
}
