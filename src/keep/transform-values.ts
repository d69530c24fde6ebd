import { isRecord } from '../model/is-record.js';
import { convertValue } from './convert-value.js';
import type { KeepRules, PropertyRule } from './keep-rules.js';

/** What transforming one item's values ran into, for the tally. */
export interface ValueEvents {
  /** A value of a removed property, or one dropped by `drop-value`. */
  dropped(rule: PropertyRule, why: 'removed' | 'drop-value'): void;
  /** A value that does not convert (or whose retype is not declared): listed with the rule's handling. */
  failed(rule: PropertyRule, value: unknown): void;
  /** A value of a moved property. */
  moved(rule: PropertyRule): void;
}

/** `drop-item`: the item is not carried over; `blocked`: a value failed where the plan must stop. */
export type ValuesOutcome = { ok: true; values: Record<string, unknown> } | { ok: false; why: 'drop-item' | 'blocked'; detail: string };

/**
 * The values of an item (or of a property type value) under the names and types after the
 * change. Fields without a rule (not declared before) are not served, so never here.
 */
export function transformValues(values: Record<string, unknown>, rules: readonly PropertyRule[], keep: KeepRules, events: ValueEvents): ValuesOutcome {
  const out: Record<string, unknown> = {};
  let blocked: string | undefined;
  // drop-item does not stop the walk: a later value under `fail` (or undeclared) must still block.
  let dropItem: string | undefined;
  for (const rule of rules) {
    if (!Object.hasOwn(values, rule.old)) continue;
    const value = values[rule.old];
    if (value === null || value === undefined) continue;
    if (rule.name === undefined) {
      events.dropped(rule, 'removed');
      continue;
    }
    if (rule.moved) events.moved(rule);
    const converted = convert(value, rule, keep, events);
    if (converted.ok) {
      if (converted.value !== null) set(out, rule.name, converted.value);
      continue;
    }
    if (converted.why !== undefined) {
      if (converted.why.why === 'blocked') blocked ??= converted.why.detail;
      else dropItem ??= converted.why.detail;
      continue;
    }
    const onError = rule.onError;
    // No value in the detail: the plan shows it with the item's examples, and only for a public item.
    const detail =
      onError === undefined
        ? `${rule.label} changes from ${rule.from} to ${rule.to} without a convert: entry`
        : `${rule.label} does not convert from ${rule.from} to ${rule.to}`;
    // Every value that does not convert is listed with what happens to it (the plan counts them), not only those that block.
    events.failed(rule, value);
    if ((rule.kind === 'strict' || rule.kind === 'never') && onError === 'drop-value') {
      events.dropped(rule, 'drop-value');
      continue;
    }
    if (onError === 'drop-item') {
      dropItem ??= detail;
      continue;
    }
    blocked ??= detail;
  }
  if (blocked !== undefined) return { ok: false, why: 'blocked', detail: blocked };
  return dropItem === undefined ? { ok: true, values: out } : { ok: false, why: 'drop-item', detail: dropItem };
}

type Converted = { ok: true; value: unknown } | { ok: false; why?: { ok: false; why: 'drop-item' | 'blocked'; detail: string } };

function convert(value: unknown, rule: PropertyRule, keep: KeepRules, events: ValueEvents): Converted {
  switch (rule.kind) {
    case 'same':
      return { ok: true, value };
    case 'safe':
      return convertValue(value, rule.from, rule.to);
    case 'strict': {
      const converted = convertValue(value, rule.from, rule.to);
      // A parse that happens to work is still a guess until declared: the plan asks for `convert`.
      return converted.ok && rule.onError !== undefined ? converted : { ok: false };
    }
    case 'never':
      return { ok: false };
    case 'nested': {
      const fields = keep.propertyTypeFields(rule.nested ?? '');
      const one = (element: unknown): Converted => {
        if (!isRecord(element)) return { ok: false };
        const inner = transformValues(element, fields, keep, events);
        return inner.ok ? { ok: true, value: inner.values } : { ok: false, why: inner };
      };
      if (!Array.isArray(value)) {
        const single = one(value);
        return single.ok && rule.wrap === true ? { ok: true, value: [single.value] } : single;
      }
      const list: unknown[] = [];
      for (const element of value) {
        const converted = one(element);
        if (!converted.ok) return converted;
        list.push(converted.value);
      }
      return { ok: true, value: list };
    }
    default: {
      const never: never = rule.kind;
      throw new Error(`unknown conversion ${String(never)}`);
    }
  }
}

/** An own data property, whatever its name (a property may be called `__proto__`). */
function set(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
