import type { ActiveFault, EmulatorFaults, FaultRule } from './types.js';

export type FaultCheck = { ok: true; rule: FaultRule } | { ok: false; message: string };

const KEYS = ['method', 'pathPrefix', 'count', 'status', 'retryAfter', 'body', 'delayMs', 'drop'];

/** Validates a rule coming from JSON (the /_emulator/faults API) or from code. */
export function checkFaultRule(value: unknown): FaultCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'a fault rule is a JSON object' };
  const r = value as Record<string, unknown>;
  const unknown = Object.keys(r).find((k) => !KEYS.includes(k));
  if (unknown !== undefined) return { ok: false, message: `unknown fault field ${unknown} (known: ${KEYS.join(', ')})` };
  const int = (v: unknown, min: number, max: number): boolean => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max);
  if (r.method !== undefined && typeof r.method !== 'string') return { ok: false, message: 'method must be a string' };
  if (r.pathPrefix !== undefined && typeof r.pathPrefix !== 'string') return { ok: false, message: 'pathPrefix must be a string' };
  if (!int(r.count, 1, 1_000_000)) return { ok: false, message: 'count must be an integer from 1' };
  if (!int(r.status, 100, 599)) return { ok: false, message: 'status must be an HTTP status (100-599)' };
  if (!int(r.delayMs, 0, 600_000)) return { ok: false, message: 'delayMs must be an integer from 0 to 600000' };
  if (r.retryAfter !== undefined && typeof r.retryAfter !== 'string' && !int(r.retryAfter, 0, 86_400)) return { ok: false, message: 'retryAfter must be seconds or an HTTP-date' };
  if (r.body !== undefined && typeof r.body !== 'string') return { ok: false, message: 'body must be a string' };
  if (r.drop !== undefined && typeof r.drop !== 'boolean') return { ok: false, message: 'drop must be true or false' };
  if (r.drop !== true && r.status === undefined && r.delayMs === undefined) return { ok: false, message: 'a fault needs status, delayMs or drop: true' };
  return { ok: true, rule: r as FaultRule };
}

/** Rules are consumed in the order they were added; the first matching rule with uses left wins. */
export class FaultInjector implements EmulatorFaults {
  private rules: ActiveFault[] = [];
  private nextId = 1;

  add(rule: FaultRule): ActiveFault {
    const checked = checkFaultRule(rule);
    if (!checked.ok) throw new TypeError(`invalid fault rule: ${checked.message}`);
    const fault: ActiveFault = { ...rule, id: this.nextId++, remaining: rule.count ?? 1 };
    this.rules.push(fault);
    return { ...fault };
  }

  list(): ActiveFault[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }

  /** Takes one use of the first rule matching this request, if any. */
  take(method: string, path: string): FaultRule | undefined {
    const rule = this.rules.find((r) => (r.method === undefined || r.method.toUpperCase() === method) && (r.pathPrefix === undefined || path.startsWith(r.pathPrefix)));
    if (rule === undefined) return undefined;
    rule.remaining--;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    const { id: _id, remaining: _remaining, ...plain } = rule;
    return plain;
  }
}
