import type { AccessCounts, KeepAccount } from '../keep/types.js';

type KnownKeep = Extract<KeepAccount, { known: true }>;

function count(n: number, what: string): string {
  return `${n.toLocaleString('en-US')} ${what}`;
}

/** The Access cell of a keep row: `12 public, 3 hidden`, `15 from the default`, or `—` when nothing is kept. */
export function accessCell(access: AccessCounts): string {
  const parts: string[] = [];
  if (access.public > 0) parts.push(count(access.public, 'public'));
  if (access.hidden > 0) parts.push(count(access.hidden, 'hidden'));
  if (access.fromDefault > 0) parts.push(count(access.fromDefault, 'from the default'));
  return parts.length === 0 ? '—' : parts.join(', ');
}

/**
 * What the plan says of access where GraphQL does not serve `_rbac` back: with the single
 * key, how many items stay public and hidden; without it, first of all, how many items get
 * which `_rbac` from keep.defaults, whatever access they had (a loss, behind the gate).
 */
export function accessNote(keep: KnownKeep): { loss: boolean; text: string } | undefined {
  const { access } = keep;
  const rbac = keep.defaults._rbac;
  if (access.source === 'single-key') {
    const hidden = access.hidden === 0 ? '' : `, ${count(access.hidden, 'stay hidden')} with keep.defaults._rbac ${JSON.stringify(rbac)}`;
    return { loss: false, text: `_rbac not served by GraphQL: access kept as the single key sees it: ${count(access.public, 'stay public')}${hidden}` };
  }
  if (access.source === 'default' && access.fromDefault > 0) {
    const them = access.fromDefault === 1 ? 'item gets' : 'items get';
    return {
      loss: true,
      text:
        `access cannot be read back: ${count(access.fromDefault, them)} _rbac ${JSON.stringify(rbac)} from keep.defaults, ` +
        `whatever access ${access.fromDefault === 1 ? 'it' : 'they'} had ` +
        '(GraphQL does not serve _rbac and the environment has no singleKey): applying needs --allow-data-loss; set singleKey to keep access as it was',
    };
  }
  return undefined;
}
