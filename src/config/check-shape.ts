import { didYouMean } from '../diagnostics/suggest.js';
import { isSecretName } from '../http/secret-names.js';
import { parseDuration } from './duration.js';
import type { Shape } from './shape.js';
import { isRecord } from '../model/is-record.js';

export interface ShapeProblem {
  path: (string | number)[];
  message: string;
  /** Point at the key itself (unknown keys) rather than its value. */
  atKey: boolean;
}

/** Every way `value` departs from `shape`; an empty list means it fits. */
export function checkShape(value: unknown, shape: Shape, path: (string | number)[] = []): ShapeProblem[] {
  const here = (message: string): ShapeProblem[] => [{ path, message, atKey: false }];
  const describe = (v: unknown): string => describeValue(v, isSecretKey(path[path.length - 1]));
  switch (shape.kind) {
    case 'string':
      return typeof value === 'string' ? [] : here(`expected a string, got ${describe(value)}`);
    case 'boolean':
      return typeof value === 'boolean' ? [] : here(`expected true or false, got ${describe(value)}`);
    case 'integer': {
      const max = shape.max ?? Number.MAX_SAFE_INTEGER;
      if (typeof value === 'number' && Number.isInteger(value) && value >= shape.min && value <= max) return [];
      const range = shape.max === undefined ? `of at least ${shape.min}` : `from ${shape.min} to ${shape.max}`;
      const tooLarge = typeof value === 'number' && Number.isFinite(value) && value > max ? ', which is too large' : '';
      return here(`expected a whole number ${range}, got ${describe(value)}${tooLarge}`);
    }
    case 'enum':
      return typeof value === 'string' && shape.values.includes(value)
        ? []
        : here(`expected one of ${shape.values.join(', ')}, got ${describe(value)}${typeof value === 'string' ? didYouMean(value, shape.values) : ''}`);
    case 'stringList':
      if (!Array.isArray(value)) return here(`expected a list of strings, got ${describe(value)}`);
      return value.flatMap((item, i) =>
        typeof item === 'string' ? [] : [{ path: [...path, i], message: `expected a string, got ${describe(item)}`, atKey: false }],
      );
    case 'mapping':
      return isRecord(value) ? [] : here(`expected a mapping, got ${describe(value)}`);
    case 'duration':
      // A bare 0 reads as a number in YAML and JSON, and means no time either way.
      return value === 0 || (typeof value === 'string' && parseDuration(value) !== undefined)
        ? []
        : here(`expected a duration such as 20m, 30s or 500ms, got ${describe(value)}`);
    case 'map':
      if (!isRecord(value)) return here(`expected a mapping, got ${describe(value)}`);
      return Object.entries(value).flatMap(([key, item]) => {
        const { keys } = shape;
        if (keys !== undefined && !keys.pattern.test(key))
          return [{ path: [...path, key], message: `${JSON.stringify(key)} is not a valid name: ${keys.rule}`, atKey: true }];
        return checkShape(item, shape.values, [...path, key]);
      });
    case 'object': {
      if (!isRecord(value)) return here(`expected a mapping, got ${describe(value)}`);
      const problems: ShapeProblem[] = [];
      const known = Object.keys(shape.fields);
      for (const [key, item] of Object.entries(value)) {
        // Own fields only: `constructor` or `toString` must not find Object.prototype's members.
        const field = Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
        if (field === undefined) {
          problems.push({
            path: [...path, key],
            message: `unknown key \`${key}\`${didYouMean(key, known) || belongsUnder(key, shape.fields, path)}`,
            atKey: true,
          });
        } else {
          problems.push(...checkShape(item, field, [...path, key]));
        }
      }
      for (const key of shape.required ?? []) {
        if (!Object.hasOwn(value, key)) problems.push({ path, message: `\`${key}\` is required`, atKey: true });
      }
      return problems;
    }
    default: {
      const unreachable: never = shape;
      return unreachable;
    }
  }
}

/** Secrets are described by their type only, so a misplaced one never reaches the error. */
function describeValue(value: unknown, secret: boolean): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  // JSON.stringify would say null: 1e400 reads as Infinity, and YAML has .inf and .nan.
  if (typeof value === 'number' && !Number.isFinite(value))
    return Number.isNaN(value) ? '.nan, which is not a finite number' : 'a number too large to hold, which is not a finite number';
  return secret ? `a ${typeof value}` : `${typeof value} ${JSON.stringify(value)}`;
}

function isSecretKey(key: string | number | undefined): boolean {
  return typeof key === 'string' && isSecretName(key);
}

/** "; it belongs under `operations` (operations.failOn)" when a block one level down has the key: a key written one level too high. */
function belongsUnder(key: string, fields: Readonly<Record<string, Shape>>, path: readonly (string | number)[]): string {
  const homes = Object.entries(fields).filter(([, field]) => field.kind === 'object' && Object.hasOwn(field.fields, key));
  if (homes.length !== 1) return '';
  const [home] = homes[0] as [string, Shape];
  return `; it belongs under \`${home}\` (${[...path, home, key].join('.')})`;
}
