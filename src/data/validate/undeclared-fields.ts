import { DATA_CODES } from '../codes.js';
import { isRecordObject } from '../read/issue.js';
import type { JsonSchema } from './item-schema.js';
import { problem, type ValueProblem } from './value-problems.js';

/**
 * Fields the content types do not declare (nested property types included). The service
 * stores them without a schema, so they are only worth a warning: a typo in a property
 * name shows up here.
 */
export function undeclaredFields(item: Record<string, unknown>, schema: JsonSchema, routingFields: readonly string[] = []): ValueProblem[] {
  const problems: ValueProblem[] = [];
  walk(item, schema, schema.definitions ?? {}, '', problems);
  return routingFields.length === 0 ? problems : problems.filter((p) => !routingFields.some((field) => p.path === `/${escapePointer(field)}`));
}

function walk(value: unknown, schema: JsonSchema, definitions: Record<string, JsonSchema>, path: string, out: ValueProblem[]): void {
  const resolved = schema.$ref === undefined ? schema : definitions[schema.$ref.replace('#/definitions/', '')];
  if (resolved === undefined) return;
  if (Array.isArray(value)) {
    if (resolved.items !== undefined) value.forEach((element, index) => walk(element, resolved.items ?? {}, definitions, `${path}/${index}`, out));
    return;
  }
  if (!isRecordObject(value) || resolved.properties === undefined) return;
  for (const [key, child] of Object.entries(value)) {
    const childSchema = resolved.properties[key];
    const childPath = `${path}/${escapePointer(key)}`;
    if (childSchema === undefined) {
      out.push(problem(DATA_CODES.undeclaredField, childPath, `"${key}" is not declared by ${resolved.title ?? 'the content type'}; the service stores it without a schema. Declare it or leave it out.`, 'warning'));
    } else walk(child, childSchema, definitions, childPath, out);
  }
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
