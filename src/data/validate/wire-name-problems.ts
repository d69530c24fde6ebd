import { excerpt } from '../../diagnostics/excerpt.js';
import { parseWireName, type ParsedWireName, type WireField, type WireNames, type WireTable } from '../wire-names.js';
import { DATA_CODES } from '../codes.js';
import { problem, type ValueProblem } from './value-problems.js';

/**
 * The wire-name rules of one item (data/wire-names.ts): a declared property may be written
 * under its plain or its wire name, not under a wrong or contradictory one (`Name___skip`
 * for a searchable Name, `Quantity___searchable` for one that is not: the service would
 * store it as another field), and not under both in one object (two fields for one value).
 * Nested property type values are read the same way. Returns the problems, and the JSON
 * pointers of the wrong keys: the schema check calls those undeclared, which this replaces.
 */
export function wireNameProblems(item: Record<string, unknown>, typeName: string, names: WireNames): { problems: ValueProblem[]; wrongPaths: Set<string> } {
  const problems: ValueProblem[] = [];
  const wrongPaths = new Set<string>();
  const table = names.contentType(typeName);
  if (table !== undefined) checkObject(item, table, '', typeName, names, problems, wrongPaths);
  return { problems, wrongPaths };
}

function checkObject(value: Record<string, unknown>, table: WireTable, path: string, owner: string, names: WireNames, problems: ValueProblem[], wrongPaths: Set<string>): void {
  const seen = new Map<string, string>();
  for (const key of Object.keys(value)) {
    const reading = readKey(table, key);
    if (reading.kind === 'unknown') continue;
    const at = `${path}/${pointerSegment(key)}`;
    const { field } = reading;
    if (reading.kind === 'wrong') {
      wrongPaths.add(at);
      const accepted = field.wire === field.name ? `\`${field.name}\`` : `\`${field.name}\` or \`${field.wire}\``;
      problems.push(
        problem(
          DATA_CODES.wrongFieldName,
          at,
          `"${excerpt(key)}" is not a name of ${owner}'s property ${field.name}: as declared it is sent as "${field.wire}", and the service would store this one as another field; did you mean ${accepted}?`,
        ),
      );
      continue;
    }
    const earlier = seen.get(field.name);
    if (earlier !== undefined) {
      problems.push(problem(DATA_CODES.fieldNamedTwice, at, `Property ${field.name} is given twice, as "${excerpt(earlier)}" and as "${excerpt(key)}": both are sent as "${field.wire}"; keep one.`));
      continue;
    }
    seen.set(field.name, key);
    if (field.nested !== undefined) checkNested(value[key], field.nested, at, names, problems, wrongPaths);
  }
}

function checkNested(value: unknown, propertyType: string, path: string, names: WireNames, problems: ValueProblem[], wrongPaths: Set<string>): void {
  const table = names.propertyType(propertyType);
  if (table === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((element, index) => {
      if (isObject(element)) checkObject(element, table, `${path}/${index}`, propertyType, names, problems, wrongPaths);
    });
  } else if (isObject(value)) checkObject(value, table, path, propertyType, names, problems, wrongPaths);
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
export type KeyReading =
  | { kind: 'plain' | 'wire'; field: WireField }
  | { kind: 'wrong'; field: WireField; parsed: ParsedWireName }
  | { kind: 'unknown' };

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
