import type { ItemServiceField } from '../model/types.js';
import { grantsEveryone } from './item-access.js';
import type { ItemAccessKind, ServedItem } from './types.js';

/**
 * How the keep step knows who may read an item: `served` (GraphQL gives `_rbac` back),
 * `single-key` (it does not, but the single key's read tells public items from hidden ones),
 * `default` (neither: every item gets keep.defaults' `_rbac`, whatever it had).
 */
export type AccessSource = 'served' | 'single-key' | 'default';

/** Which items the single key sees, by language and `_id`. */
export interface SeenByPublic {
  has(language: string, id: string): boolean;
}

/** The Status and `_rbac` an item is written with, and what that makes it; or why it cannot be carried over. */
export type AccessDecision =
  | { ok: true; kind: ItemAccessKind; fields: Partial<Record<'Status' | '_rbac', string>> }
  | { ok: false; reason: 'unreadable' | 'access-unreadable'; detail: string };

/** The `_rbac` a public item is written with when keep.defaults has no public one. */
const PUBLIC_RBAC = 'r:Everyone:Read';

/**
 * Access is kept as it was. Where GraphQL serves `_rbac` back, each item keeps its own.
 * Where it does not and the single key was read: an item it sees is published and readable
 * by everyone, and is written so; an item it does not see stays hidden, with keep.defaults'
 * `_rbac` only when that value is not public (a public one applies only to items the single
 * key saw), and is lost otherwise. Without the single key, every item gets keep.defaults'
 * value (`fromDefault`: its access is not known, which the plan counts as a loss).
 */
export class AccessRules {
  readonly source: AccessSource;

  constructor(
    private readonly readable: readonly ItemServiceField[],
    private readonly defaults: Partial<Record<ItemServiceField, string>>,
    private readonly seen: SeenByPublic | undefined,
  ) {
    this.source = readable.includes('_rbac') ? 'served' : seen === undefined ? 'default' : 'single-key';
  }

  decide(item: ServedItem): AccessDecision {
    if (this.source === 'single-key' && this.seen?.has(item.language, item.id) === true) {
      const rbac = this.defaults._rbac;
      return { ok: true, kind: 'public', fields: { Status: 'Published', _rbac: rbac !== undefined && grantsEveryone(rbac) ? rbac : PUBLIC_RBAC } };
    }
    const statusKnown = this.readable.includes('Status') || this.defaults.Status !== undefined;
    const status = this.readable.includes('Status') ? item.service.Status : this.defaults.Status;
    const rbac = this.source === 'served' ? item.service._rbac : this.defaults._rbac;
    const withStatus = (rbacValue: string | undefined): Partial<Record<'Status' | '_rbac', string>> => ({
      ...(status === undefined ? {} : { Status: status }),
      ...(rbacValue === undefined ? {} : { _rbac: rbacValue }),
    });
    const missing = [...(statusKnown ? [] : ['Status']), ...(this.source === 'default' && rbac === undefined ? ['_rbac'] : [])];
    if (missing.length > 0)
      return { ok: false, reason: 'unreadable', detail: `GraphQL does not serve ${missing.join(' or ')} back and keep.defaults does not supply it` };
    if (this.source === 'served')
      return { ok: true, kind: status === 'Published' && rbac !== undefined && grantsEveryone(rbac) ? 'public' : 'hidden', fields: withStatus(rbac) };
    if (this.source === 'default') return { ok: true, kind: 'fromDefault', fields: withStatus(rbac) };
    if (rbac === undefined)
      return {
        ok: false,
        reason: 'access-unreadable',
        detail: 'the single key does not see it, so it is not public now, and keep.defaults has no _rbac to keep it hidden with',
      };
    if (grantsEveryone(rbac)) {
      return {
        ok: false,
        reason: 'access-unreadable',
        detail: `the single key does not see it, so it is not public now, and keep.defaults._rbac ${JSON.stringify(rbac)} would make it readable by everyone`,
      };
    }
    return { ok: true, kind: 'hidden', fields: withStatus(rbac) };
  }
}
