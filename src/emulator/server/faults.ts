import type { ActiveFault, EmulatorFaults, FaultRule } from '../types.js';

export type FaultCheck = { ok: true; rule: FaultRule } | { ok: false; message: string };

const KEYS = ['method', 'pathPrefix', 'count', 'status', 'retryAfter', 'body', 'delayMs', 'drop', 'hold', 'unindexed'];

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
  if (r.retryAfter !== undefined && typeof r.retryAfter !== 'string' && !int(r.retryAfter, 0, 86_400))
    return { ok: false, message: 'retryAfter must be seconds or an HTTP-date' };
  if (r.body !== undefined && typeof r.body !== 'string') return { ok: false, message: 'body must be a string' };
  if (r.drop !== undefined && typeof r.drop !== 'boolean') return { ok: false, message: 'drop must be true or false' };
  if (r.hold !== undefined && typeof r.hold !== 'boolean') return { ok: false, message: 'hold must be true or false' };
  if (r.unindexed !== undefined && (!Array.isArray(r.unindexed) || !r.unindexed.every((id) => typeof id === 'string')))
    return { ok: false, message: 'unindexed must be a list of item _ids' };
  if (r.drop !== true && r.hold !== true && r.status === undefined && r.delayMs === undefined && r.unindexed === undefined)
    return { ok: false, message: 'a fault needs status, delayMs, drop: true, hold: true or unindexed' };
  return { ok: true, rule: r as FaultRule };
}

/** A fault taken by a request: the rule, and for a hold rule the promise of its release. */
export interface TakenFault {
  rule: FaultRule;
  release?: Promise<void>;
}

/** The requests a hold rule keeps waiting, and the tests waiting for them to arrive. */
interface Hold {
  arrived: number;
  released: Promise<void>;
  open: () => void;
  watchers: { count: number; resolve: () => void; reject: (error: Error) => void }[];
}

function newHold(): Hold {
  let open = (): void => undefined;
  const released = new Promise<void>((resolve) => (open = resolve));
  return { arrived: 0, released, open, watchers: [] };
}

/** Rules are consumed in the order they were added; the first matching rule with uses left wins. */
export class FaultInjector implements EmulatorFaults {
  private rules: ActiveFault[] = [];
  private readonly holds = new Map<number, Hold>();
  private nextId = 1;

  add(rule: FaultRule): ActiveFault {
    const checked = checkFaultRule(rule);
    if (!checked.ok) throw new TypeError(`invalid fault rule: ${checked.message}`);
    const fault: ActiveFault = { ...rule, id: this.nextId++, remaining: rule.count ?? 1 };
    if (rule.hold === true) {
      this.holds.set(fault.id, newHold());
      fault.held = 0;
    }
    this.rules.push(fault);
    return { ...fault };
  }

  list(): ActiveFault[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    for (const id of [...this.holds.keys()]) this.release(id);
    this.rules = [];
  }

  held(id: number, count = 1): Promise<void> {
    const hold = this.holds.get(id);
    if (hold === undefined) return Promise.reject(new TypeError(`no hold rule ${id} is in place`));
    if (hold.arrived >= count) return Promise.resolve();
    return new Promise((resolve, reject) => hold.watchers.push({ count, resolve, reject }));
  }

  release(id: number): boolean {
    const hold = this.holds.get(id);
    if (hold === undefined) return false;
    this.holds.delete(id);
    this.rules = this.rules.filter((r) => r.id !== id);
    hold.open();
    for (const w of hold.watchers) w.reject(new Error(`hold rule ${id} was released after holding ${hold.arrived} of the ${w.count} requests awaited`));
    return true;
  }

  /** Takes one use of the first rule matching this request, if any. */
  take(method: string, path: string): TakenFault | undefined {
    const rule = this.rules.find(
      (r) => r.remaining > 0 && (r.method === undefined || r.method.toUpperCase() === method) && (r.pathPrefix === undefined || path.startsWith(r.pathPrefix)),
    );
    if (rule === undefined) return undefined;
    rule.remaining--;
    const hold = this.holds.get(rule.id);
    // A spent hold rule stays listed until released, so its requests can still be counted and let go.
    if (rule.remaining <= 0 && hold === undefined) this.rules = this.rules.filter((r) => r !== rule);
    const { id: _id, remaining: _remaining, held: _held, ...plain } = rule;
    if (hold === undefined) return { rule: plain };
    rule.held = ++hold.arrived;
    const due = hold.watchers.filter((w) => w.count <= hold.arrived);
    hold.watchers = hold.watchers.filter((w) => w.count > hold.arrived);
    for (const w of due) w.resolve();
    return { rule: plain, release: hold.released };
  }
}
